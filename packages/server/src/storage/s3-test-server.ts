import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Env } from '../config.ts';

export interface S3TestServer {
  /** The S3_* settings that point a portal at this server's bucket. */
  env: Env;
  close(): Promise<void>;
}

const BUCKET = 'benchside-test';
const START_TIMEOUT_MS = 30_000;

/**
 * An S3-compatible server for tests and measurements: s3rver in a child process, its files in a
 * temporary folder, on a free loopback port, its bucket created. It fails loudly when it cannot
 * start: a test on S3 never skips itself.
 *
 * It also sets the SDK's own variables in this process, the harness's business and never the
 * product's: s3rver's fixed credentials, and checksums only where S3 requires them, because s3rver
 * 3.7 would store the SDK's default streamed-checksum framing as part of the object.
 */
export async function startS3TestServer(): Promise<S3TestServer> {
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  delete process.env.AWS_SESSION_TOKEN;
  process.env.AWS_REQUEST_CHECKSUM_CALCULATION = 'WHEN_REQUIRED';
  process.env.AWS_RESPONSE_CHECKSUM_VALIDATION = 'WHEN_REQUIRED';
  const directory = await mkdtemp(join(tmpdir(), 'benchside-s3-'));
  const child = fork(join(import.meta.dirname, 's3-test-server-process.ts'), [directory, BUCKET], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  let port: number;
  try {
    port = await listeningPort(child);
  } catch (error) {
    child.kill();
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  return {
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      const exited = once(child, 'exit');
      child.kill();
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}

function listeningPort(child: ChildProcess): Promise<number> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`s3rver did not start within ${START_TIMEOUT_MS / 1000} s`)),
      START_TIMEOUT_MS,
    );
    child.once('message', (message: { port: number }) => {
      clearTimeout(timer);
      resolve(message.port);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with code ${code} before listening: ${stderr.trim()}`));
    });
  });
}
