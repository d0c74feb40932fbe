import { ForeignOriginError, UnsupportedMediaTypeError } from '@benchside/server/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const ALLOWED_METHODS = 'GET, POST';
const ALLOWED_REQUEST_HEADERS = 'content-type';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/**
 * The loopback defences that real vendors' helpers lacked: a DNS-rebinding check on `Host`, an exact
 * origin allow-list, Chrome's private-network preflight, and JSON-only POST so every browser call from
 * another site needs a preflight the helper can refuse.
 */
export function installLoopbackSecurity(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const origins = new Set(allowedOrigins);

  app.addHook('onRequest', async (request, reply) => {
    if (!hasLoopbackHost(request)) {
      // An empty body: a rebound page must learn nothing, not even an error message.
      return reply.code(421).header('connection', 'close').send();
    }
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!origins.has(origin)) {
        throw new ForeignOriginError('This origin may not use the helper');
      }
      reply.header('access-control-allow-origin', origin);
    }
    if (request.method === 'OPTIONS') return answerPreflight(request, reply);
    if (request.method === 'POST' && !isJson(request.headers['content-type'])) {
      throw new UnsupportedMediaTypeError('The request body must be application/json');
    }
  });
}

function hasLoopbackHost(request: FastifyRequest): boolean {
  const port = request.socket.localPort;
  const host = request.headers.host?.toLowerCase();
  if (port === undefined || host === undefined) return false;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

function answerPreflight(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // Only reached for an allowed origin: the hook above refused the others.
  if (request.headers.origin === undefined) {
    throw new ForeignOriginError('A preflight request must carry an Origin');
  }
  reply
    .header('access-control-allow-methods', ALLOWED_METHODS)
    .header('access-control-allow-headers', ALLOWED_REQUEST_HEADERS)
    .header('access-control-max-age', PREFLIGHT_MAX_AGE_SECONDS);
  if (request.headers['access-control-request-private-network'] === 'true') {
    reply.header('access-control-allow-private-network', 'true');
  }
  return reply.code(204).send();
}

function isJson(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}
