import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunningApi } from '@benchside/test-kit/start-api';
import { expect } from 'vitest';
import { type PublishRequest, publishPackage } from '../src/catalogue/publish.ts';
import { PIECE_LENGTH } from '../src/catalogue/torrents.ts';

/** Writes `content` as `work/<name>` and publishes it into the API's storage, as `npm run admin -- publish` does. */
export async function publishContent(
  api: RunningApi,
  work: string,
  name: string,
  content: Buffer | string,
  request: Omit<PublishRequest, 'source' | 'name'>,
) {
  const source = join(work, name);
  await writeFile(source, content);
  return publishPackage(
    api.db,
    api.storage,
    { dataDir: api.config.dataDir, packageSigningKey: null },
    { ...request, source, name },
  );
}

/**
 * What a package's web seed must answer, `content` being at least two pieces long: the whole file,
 * its second piece, a suffix, an open range, and 416 past the end.
 */
export async function expectServedWithRanges(seed: string, content: Buffer): Promise<void> {
  const whole = await fetch(seed);
  expect(whole.status).toBe(200);
  expect(whole.headers.get('accept-ranges')).toBe('bytes');
  expect(whole.headers.get('content-length')).toBe(String(content.length));
  expect(Buffer.from(await whole.arrayBuffer()).equals(content)).toBe(true);

  const piece = await fetch(seed, { headers: { range: `bytes=${PIECE_LENGTH}-${2 * PIECE_LENGTH - 1}` } });
  expect(piece.status).toBe(206);
  expect(piece.headers.get('content-range')).toBe(
    `bytes ${PIECE_LENGTH}-${2 * PIECE_LENGTH - 1}/${content.length}`,
  );
  expect(piece.headers.get('content-length')).toBe(String(PIECE_LENGTH));
  expect(
    Buffer.from(await piece.arrayBuffer()).equals(content.subarray(PIECE_LENGTH, 2 * PIECE_LENGTH)),
  ).toBe(true);

  const tail = await fetch(seed, { headers: { range: 'bytes=-100' } });
  expect(tail.status).toBe(206);
  expect(Buffer.from(await tail.arrayBuffer()).equals(content.subarray(content.length - 100))).toBe(true);

  const open = await fetch(seed, { headers: { range: `bytes=${content.length - 10}-` } });
  expect(Buffer.from(await open.arrayBuffer())).toHaveLength(10);

  const outside = await fetch(seed, { headers: { range: `bytes=${content.length}-` } });
  expect(outside.status).toBe(416);
  expect(outside.headers.get('content-range')).toBe(`bytes */${content.length}`);
}
