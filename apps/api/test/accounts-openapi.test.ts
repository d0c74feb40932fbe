import { type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('the account calls in the OpenAPI document', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('lists every account endpoint with its request schema', async () => {
    const document = (await (await fetch(`${api.url}/api/docs.json`)).json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown; parameters?: { name: string }[] }>>;
    };
    const expected: [string, string][] = [
      ['/api/register', 'post'],
      ['/api/verify/email', 'get'],
      ['/api/new-verify/email', 'post'],
      ['/api/login', 'post'],
      ['/api/logout', 'get'],
      ['/api/me', 'get'],
      ['/api/user-verify-code/add/', 'post'],
      ['/api/user-verify-code/verify/', 'post'],
      ['/api/reset-password', 'post'],
      ['/api/reset-password/reset/{token}', 'post'],
      ['/api/profiles/edit', 'post'],
      ['/api/users/change-password', 'post'],
      ['/api/users/edit/{id}', 'patch'],
      ['/api/change-email', 'post'],
      ['/api/change-email/confirm', 'post'],
      ['/api/change-email/change', 'post'],
      ['/api/user-login-logs', 'get'],
      ['/api/sessions', 'get'],
      ['/api/sessions/{id}', 'delete'],
      ['/api/sessions/end-others', 'post'],
    ];
    for (const [path, method] of expected) {
      expect(document.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    }
    expect(document.paths['/api/register']?.post?.requestBody).toBeDefined();
    expect(
      document.paths['/api/user-login-logs']?.get?.parameters?.map((parameter) => parameter.name),
    ).toEqual(expect.arrayContaining(['page', 'itemsPerPage', 'order[loginAt]']));
  });
});
