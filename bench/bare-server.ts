import Fastify from 'fastify';

// The baseline: Fastify with no plugins, answering a fixed copy of the `/api/me` body.
const body: unknown = JSON.parse(process.env.BENCH_BODY ?? '{}');
const app = Fastify();
app.get('/api/me', async () => body);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
process.once('SIGINT', () => {
  app.close().then(() => process.exit(0));
});
