import { connect } from 'node:net';
import { errorBodySchema } from '@benchside/contracts/common';
import {
  expectRefusedField,
  HOSTILE_STRINGS,
  LONE_HIGH_SURROGATE,
  NOT_AN_OBJECT,
  NUL,
} from '@benchside/test-kit/hostile-input';
import { signIn } from '@benchside/test-kit/sign-in';
import { createUser, type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { me, userOf } from './accounts-helpers.ts';

function send(api: RunningApi, method: string, path: string, body: unknown, cookie?: string) {
  return fetch(`${api.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** A raw HTTP/1.1 exchange, for bytes `fetch` refuses to send. */
function rawRequest(api: RunningApi, request: string): Promise<string> {
  const { port } = new URL(api.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(request, 'latin1'));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('NUL and lone surrogates in requests (issue 15 item 6)', () => {
  let api: RunningApi;
  let cookie: string;
  beforeAll(async () => {
    api = await startApi();
    await createUser(api.db, {
      username: 'alice',
      email: 'alice@example.test',
      password: 'Alice#Pass1',
      name: 'Alice',
    });
    cookie = await signIn(api, 'alice', 'Alice#Pass1');
  });
  afterAll(async () => {
    await api.close();
  });

  it.each(HOSTILE_STRINGS)('refuses %j as the login name with 400', async (hostile) => {
    const response = await send(api, 'POST', '/api/login', { username: hostile, password: 'Alice#Pass1' });
    await expectRefusedField(response, 'username');
  });

  it('refuses a NUL in a registration field with 400', async () => {
    const response = await send(api, 'POST', '/api/register', {
      username: 'mallory',
      email: `mallory${NUL}@example.test`,
      plainPassword: 'Mallory#1',
      confirmPassword: 'Mallory#1',
      acceptTerms: true,
    });
    await expectRefusedField(response, 'email');
  });

  it('refuses a lone surrogate in a profile field with 400 and keeps the profile', async () => {
    const response = await send(
      api,
      'POST',
      '/api/profiles/edit',
      { name: `Al${LONE_HIGH_SURROGATE}`, company: '', phone: '', country: '' },
      cookie,
    );
    await expectRefusedField(response, 'name');
    expect((await userOf(await me(api, cookie))).profile.name).toBe('Alice');
  });

  it('refuses a NUL in a conversation message with 400', async () => {
    const response = await send(api, 'POST', '/api/threads', { body: `Hi${NUL}there` }, cookie);
    await expectRefusedField(response, 'body');
  });

  it('refuses a NUL at any depth of a JSON body, and in a key', async () => {
    const nested = await send(api, 'POST', '/api/threads', { body: 'Hi', attachments: [`x${NUL}`] }, cookie);
    await expectRefusedField(nested, 'attachments[0]');
    const key = await send(api, 'POST', '/api/threads', { body: 'Hi', [`k${NUL}`]: 1 }, cookie);
    await expectRefusedField(key, `k${NUL}`);
  });

  it.each([
    ['/api/files?brand=%00Samsung', 'brand'],
    ['/api/files?brand=Sam%00sung', 'brand'],
    ['/api/models?model=a52%00', 'model'],
    ['/api/files?brand=a&brand=b%00', 'brand[1]'],
  ])('refuses the query %s with 400', async (path, propertyPath) => {
    await expectRefusedField(await fetch(`${api.url}${path}`, { headers: { cookie } }), propertyPath);
  });

  it('refuses a percent-encoded NUL in a path parameter with 400', async () => {
    const response = await fetch(`${api.url}/api/sessions/abc%00def`, {
      method: 'DELETE',
      headers: { cookie },
    });
    await expectRefusedField(response, 'id');
  });

  it('answers a NUL byte in the user-agent header with a 400 and records no sign-in', async () => {
    const body = JSON.stringify({ username: 'alice', password: 'Alice#Pass1' });
    const answer = await rawRequest(
      api,
      [
        'POST /api/login HTTP/1.1',
        'Host: 127.0.0.1',
        `User-Agent: evil${NUL}agent`,
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"message"');
    const recorded = await api.db
      .selectFrom('login_logs')
      .select('user_agent')
      .where('user_agent', 'like', 'evil%')
      .execute();
    expect(recorded).toEqual([]);
  });

  it('answers a JSON null, array, number or string body with 400 where an object is expected', async () => {
    for (const body of NOT_AN_OBJECT) {
      const response = await send(api, 'POST', '/api/register', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(errorBodySchema.strict().parse(await response.json()).violations?.[0]?.propertyPath).toBe('');
    }
  });
});
