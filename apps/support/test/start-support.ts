import type { AddressInfo } from 'node:net';
import type { App } from '@benchside/server/create-server';
import type { RunningApi } from '@benchside/test-kit/start-api';
import { buildSupportApp } from '../src/app.ts';

/** The support service beside a test's API, on its configuration and database, on a free loopback port. */
export async function startSupport(api: RunningApi): Promise<{ app: App; url: string }> {
  const app = await buildSupportApp({ config: api.config, db: api.db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** The CORS preflight a browser sends from `origin` before it POSTs JSON to `url`. */
export function preflightJsonPost(url: string, origin: string): Promise<Response> {
  return fetch(url, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  });
}
