import { helperPingResponseSchema } from '@benchside/contracts/helper';
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

const PING_TIMEOUT_MS = 1000;

/** The first port of `ports` where a Benchside helper answers its ping, if any. */
export async function findRunningHelper(ports: readonly number[]): Promise<number | undefined> {
  for (const port of ports) {
    try {
      const response = await fetch(`http://${LOOPBACK_HOST}:${port}/general/ping`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(PING_TIMEOUT_MS),
      });
      if (response.ok && helperPingResponseSchema.safeParse(await response.json()).success) return port;
    } catch {
      // Nothing there, or something that is not the helper: try the next port.
    }
  }
  return undefined;
}
