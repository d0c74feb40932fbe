import type { FastifyInstance } from 'fastify';

export const LOOPBACK_HOST = '127.0.0.1';

/** Takes the first port of `ports` that is free on 127.0.0.1 (never any other interface). */
export async function listenOnFirstFreePort(app: FastifyInstance, ports: readonly number[]): Promise<number> {
  for (const port of ports) {
    try {
      await app.listen({
        host: LOOPBACK_HOST,
        port,
        listenTextResolver: (address) => `helper listening on ${address}`,
      });
      return port;
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EADDRINUSE')) throw error;
    }
  }
  throw new Error(`Every helper port is taken: ${ports.join(', ')}`);
}
