import { SIGNED_IN_HINT_COOKIE } from '@benchside/contracts/signed-in-hint';
import {
  createUser,
  postJson,
  type RunningApi,
  sessionCookie,
  startApi,
} from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BOB = { username: 'bob', email: 'bob@example.test', password: 'Correct#Horse2' };

function hintCookieOf(response: Response): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}

describe('the signed-in hint cookie beside the session', () => {
  let api: RunningApi;

  beforeAll(async () => {
    api = await startApi();
    await createUser(api.db, BOB);
  });
  afterAll(async () => {
    await api.close();
  });

  it('is set at sign-in, readable by the page, with the session cookie lifetime', async () => {
    const response = await postJson(`${api.url}/api/login`, { username: 'bob', password: BOB.password });
    expect(response.status).toBe(200);
    const hint = hintCookieOf(response);
    expect(hint).toMatch(/^bs_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=Lax/i);
    expect(hint).toMatch(/Max-Age=2592000/);
  });

  it('is cleared at sign-out', async () => {
    const login = await postJson(`${api.url}/api/login`, { username: 'bob', password: BOB.password });
    const logout = await fetch(`${api.url}/api/logout`, { headers: { cookie: sessionCookie(login) ?? '' } });
    expect(hintCookieOf(logout)).toMatch(/^bs_signed_in=;.*Expires=Thu, 01 Jan 1970/i);
  });

  it('is not set by a failed sign-in', async () => {
    const response = await postJson(`${api.url}/api/login`, { username: 'bob', password: 'Wrong#Pass9' });
    expect(response.status).toBe(400);
    expect(hintCookieOf(response)).toBeUndefined();
  });
});
