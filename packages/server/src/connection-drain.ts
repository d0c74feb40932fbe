import type { App } from './create-server.ts';

/**
 * How a closing server (SIGTERM) lets its clients go. Fastify stops listening, closes the idle
 * keep-alive connections, answers requests that still arrive on open ones with 503 and lets the
 * requests under way finish. Those answers say `Connection: close`, so neither the client nor the
 * proxy sends another request down that connection; and one that goes idle after an answer whose
 * headers had already left (a long download) is closed then, instead of holding the close up for
 * the keep-alive time-out.
 */
export function registerConnectionDrain(app: App): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    if (draining) app.server.closeIdleConnections();
    done();
  });
}
