import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildHelperApp } from '../src/app.ts';
import type { PackageTrust } from '../src/downloads/package-source.ts';
import type { CardReaderConfig } from '../src/hardware/card-reader-config.ts';
import { listenOnFirstFreePort } from '../src/listen.ts';

export const PORTAL_ORIGIN = 'http://127.0.0.1:8080';
/** The vendor master key the tests' simulated card is personalised with. */
export const TEST_MASTER_KEY = 'a1'.repeat(32);

export type RunningHelper = {
  app: FastifyInstance;
  port: number;
  configDir: string;
  close: () => Promise<void>;
};

export async function makeTempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `benchside-helper-${prefix}-`));
}

/** Asks the kernel for a port nobody uses right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The real helper server, listening on a free loopback port. */
export async function startHelper(
  options: {
    configDir?: string;
    origins?: string[];
    logger?: FastifyServerOptions['logger'];
    cardReaders?: CardReaderConfig;
    env?: NodeJS.ProcessEnv;
    /** The downloads host and publishing keys it trusts (DownloadsHost#trust); none by default. */
    packageTrust?: PackageTrust;
  } = {},
): Promise<RunningHelper> {
  const configDir = options.configDir ?? (await makeTempDir('config'));
  const app = await buildHelperApp({
    origins: options.origins ?? [PORTAL_ORIGIN],
    configDir,
    cardReaders: options.cardReaders ?? { readers: 'simulated', masterKeyHex: TEST_MASTER_KEY },
    logger: options.logger ?? false,
    packageTrust: options.packageTrust ?? { downloadsHosts: [], publicKeys: [] },
    ...(options.env ? { env: options.env } : {}),
  });
  const port = await listenOnFirstFreePort(app, [await freePort()]);
  return {
    app,
    port,
    configDir,
    close: async () => {
      await app.close();
      if (options.configDir === undefined) await rm(configDir, { recursive: true, force: true });
    },
  };
}

export type HelperResponse = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: () => unknown;
};

/** How long a test waits for the helper to answer one call. */
const CALL_TIMEOUT_MS = 20_000;

/**
 * A raw HTTP call: fetch forbids setting `Host`, and the rebinding tests need exactly that.
 * A JSON `body` is sent with `content-type: application/json` unless the headers say otherwise.
 */
export function call(
  port: number,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown; rawBody?: string } = {},
): Promise<HelperResponse> {
  const headers: Record<string, string> = { host: `127.0.0.1:${port}`, ...options.headers };
  let payload: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    // A hung call fails naming itself, not as the test's own time-out.
    req.setTimeout(CALL_TIMEOUT_MS, () =>
      req.destroy(new Error(`${method} ${path}: the helper answered nothing in ${CALL_TIMEOUT_MS} ms`)),
    );
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

export function postJson(
  port: number,
  path: string,
  body: unknown = {},
  headers: Record<string, string> = {},
) {
  return call(port, 'POST', path, { body, headers });
}
