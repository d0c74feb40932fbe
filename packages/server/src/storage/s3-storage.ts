import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageConfig } from '../config.ts';
import { assertStorageKey, type ObjectStorage } from './object-storage.ts';

/** An unreachable endpoint fails a readiness check in seconds rather than hanging it. */
const CONNECTION_TIMEOUT_MS = 5000;

function isMissing(error: unknown): boolean {
  const name = (error as { name?: unknown }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

/** Counts what passes, for the size `put` answers, without holding any of it. */
async function* counted(body: AsyncIterable<Uint8Array>, count: { bytes: number }) {
  for await (const chunk of body) {
    count.bytes += chunk.length;
    yield chunk;
  }
}

/**
 * Objects in an S3-compatible bucket under the same keys as the local folder. Uploads go through
 * lib-storage's `Upload`: a multipart upload of 5 MiB parts, two in flight, so an upload holds about
 * three parts in memory (the two sent and the one being filled) whatever its size; an upload that fails is aborted and leaves no object. Reads stream the
 * answer's body, ranges through GetObject's `Range`.
 */
/** S3's smallest part; with two in flight a node's upload holds about 15 MiB, however large the file. */
const UPLOAD_PART_BYTES = 5 * 1024 * 1024;
const UPLOADS_IN_FLIGHT = 2;

export function createS3Storage(settings: Extract<StorageConfig, { kind: 's3' }>): ObjectStorage {
  const client = new S3Client({
    ...(settings.endpoint === null ? {} : { endpoint: settings.endpoint }),
    ...(settings.region === null ? {} : { region: settings.region }),
    forcePathStyle: settings.forcePathStyle,
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS },
  });
  const bucket = settings.bucket;

  return {
    location: `s3://${bucket}`,
    async put(key, body) {
      assertStorageKey(key);
      const count = { bytes: 0 };
      await new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: Readable.from(counted(body, count)) },
        partSize: UPLOAD_PART_BYTES,
        queueSize: UPLOADS_IN_FLIGHT,
      }).done();
      return { size: count.bytes };
    },
    async get(key, range) {
      assertStorageKey(key);
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        const body = answer.Body;
        if (!(body instanceof Readable)) throw new Error(`GetObject ${key} answered no stream`);
        const length = answer.ContentLength ?? 0;
        const size = range ? Number(/\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1]) : length;
        if (range && length !== range.end - range.start + 1) {
          body.destroy();
          throw new RangeError(`Range ${range.start}-${range.end} is outside ${key} (${size} bytes)`);
        }
        return { body, size, length, lastModified: answer.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      assertStorageKey(key);
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: answer.ContentLength ?? 0, lastModified: answer.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}
