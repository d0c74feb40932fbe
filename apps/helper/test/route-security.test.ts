import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, PORTAL_ORIGIN, postJson, type RunningHelper, startHelper } from './support.ts';

/** Every state-changing route of spec §7 "Local helper". */
const POST_ROUTES = [
  '/general/ping',
  '/general/info',
  '/general/setDownloadFolder',
  '/general/getSettings',
  '/general/setSettings',
  '/downloads/list',
  '/downloads/add',
  '/downloads/addWebSeeds',
  '/downloads/move',
  '/downloads/start',
  '/downloads/stop',
  '/downloads/startAll',
  '/downloads/stopAll',
  '/downloads/remove',
  '/downloads/install',
  '/downloads/browse',
  '/software/list',
  '/software/run',
  '/hardware/listReaders',
  '/hardware/listCards',
  '/hardware/updateCardFW',
  '/hardware/activateProduct',
  '/hardware/getValidation',
  '/status/get',
];

describe('every helper route', () => {
  let helper: RunningHelper;
  beforeAll(async () => {
    helper = await startHelper();
  });
  afterAll(async () => {
    await helper.close();
  });

  it('refuses a foreign origin with 403 and no CORS grant', async () => {
    for (const path of POST_ROUTES) {
      const response = await postJson(helper.port, path, {}, { origin: 'https://evil.example' });
      expect(response.status, path).toBe(403);
      expect(response.headers['access-control-allow-origin'], path).toBeUndefined();
      expect(response.json(), path).toEqual({ message: 'This origin may not use the helper' });
    }
  });

  it('refuses a body that is not JSON with 415, even from the portal', async () => {
    for (const path of POST_ROUTES) {
      const response = await call(helper.port, 'POST', path, {
        headers: { 'content-type': 'text/plain', origin: PORTAL_ORIGIN },
        rawBody: '{}',
      });
      expect(response.status, path).toBe(415);
      expect(response.json(), path).toEqual({ message: 'The request body must be application/json' });
    }
  });

  it('answers GET with 405 and a foreign Host with 421', async () => {
    for (const path of POST_ROUTES) {
      const get = await call(helper.port, 'GET', path);
      expect(get.status, path).toBe(405);
      const rebound = await postJson(helper.port, path, {}, { host: `evil.example:${helper.port}` });
      expect(rebound.status, path).toBe(421);
      expect(rebound.text, path).toBe('');
    }
  });
});
