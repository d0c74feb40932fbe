import { once } from 'node:events';
import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createServer } from './create-server.ts';

describe('draining a closing server', () => {
  it('closes a keep-alive connection once an answer that was already streaming ends, instead of waiting for its time-out', async () => {
    const app = createServer({ config: loadConfig({ BENCHSIDE_DEMO: '1' }), trustedOrigins: [] });
    const download = new PassThrough();
    // A long download, as the downloads host streams a package: its headers leave at once.
    app.get('/download', async (_request, reply) => reply.type('application/octet-stream').send(download));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');

    const socket = connect(address.port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk));
    const socketClosed = once(socket, 'close');
    socket.write('GET /download HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    download.write('first part ');
    await expect.poll(() => received.includes('first part')).toBe(true);
    expect(received.toLowerCase()).toContain('connection: keep-alive');

    const closing = app.close();
    // The listener is closed and the idle connections with it; this one is still answering.
    await expect.poll(() => app.server.listening).toBe(false);
    download.end('last part');
    // Fastify keeps an idle connection open for 72 s; the drain closes it as soon as the answer ends.
    const closedSoon = await Promise.race([
      Promise.all([closing, socketClosed]).then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000)),
    ]);
    socket.destroy();
    await closing;
    expect(closedSoon).toBe(true);
    expect(received).toContain('last part');
  });
});
