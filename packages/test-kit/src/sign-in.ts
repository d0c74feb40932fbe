import { expect } from 'vitest';
import { postJson, type RunningApi, sessionCookie } from './start-api.ts';

export function login(api: RunningApi, username: string, password: string, headers?: Record<string, string>) {
  return postJson(`${api.url}/api/login`, { username, password }, headers);
}

/** Signs in (without two-factor) and returns the session cookie. */
export async function signIn(api: RunningApi, username: string, password: string): Promise<string> {
  const response = await login(api, username, password);
  expect(response.status).toBe(200);
  const cookie = sessionCookie(response);
  if (!cookie) throw new Error('No session cookie');
  return cookie;
}
