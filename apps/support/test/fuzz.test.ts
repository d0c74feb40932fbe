import { errorBodySchema } from '@benchside/contracts/common';
import type { App } from '@benchside/server/create-server';
import {
  ENCODED_NUL_VALUES,
  expectRefusedField,
  HOSTILE_STRINGS,
  NOT_AN_OBJECT,
} from '@benchside/test-kit/hostile-input';
import { signIn } from '@benchside/test-kit/sign-in';
import { createUser, type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSupport } from './start-support.ts';

/** The support service's inputs, route by route (it publishes no OpenAPI document to walk). */
const QUERIES = [
  { path: '/kb/get-categories', name: 'language' },
  { path: '/kb/articles/some-article', name: 'language' },
];
const BODIES = [
  { path: '/kb/search', fields: ['query', 'category', 'language'] },
  { path: '/eup/submit-ticket', fields: ['subject', 'category', 'description', 'deviceModel', 'fileIds'] },
];

describe('fuzz: hostile strings and bodies on the support service', () => {
  let api: RunningApi;
  let support: App;
  let supportUrl: string;
  let cookie: string;
  beforeAll(async () => {
    api = await startApi();
    ({ app: support, url: supportUrl } = await startSupport(api));
    await createUser(api.db, { username: 'fuzzer', email: 'fuzzer@example.test', password: 'Fuzz#Pass1' });
    cookie = await signIn(api, 'fuzzer', 'Fuzz#Pass1');
  });
  afterAll(async () => {
    await support.close();
    await api.close();
  });

  const get = (path: string) => fetch(`${supportUrl}${path}`, { headers: { cookie } });
  const post = (path: string, body: unknown) =>
    fetch(`${supportUrl}${path}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('refuses a percent-encoded NUL in the article slug and in every query parameter with 400', async () => {
    for (const value of ENCODED_NUL_VALUES) {
      await expectRefusedField(await get(`/kb/articles/${value}`), 'slug');
      for (const { path, name } of QUERIES) {
        await expectRefusedField(await get(`${path}?${name}=${value}`), name);
      }
    }
  });

  it('refuses NUL and lone surrogates in every JSON body field with 400', async () => {
    for (const { path, fields } of BODIES) {
      for (const field of fields) {
        for (const hostile of HOSTILE_STRINGS) {
          await expectRefusedField(await post(path, { [field]: hostile }), field);
        }
      }
    }
  });

  it('answers a JSON body that is not an object with 400', async () => {
    for (const { path } of BODIES) {
      for (const body of NOT_AN_OBJECT) {
        const response = await post(path, body);
        expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        errorBodySchema.strict().parse(await response.json());
      }
    }
  });
});
