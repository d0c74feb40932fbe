import type { ErrorBody } from '@benchside/contracts/common';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** An answer other than success, with the status and the body every Benchside API uses. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly violations: ErrorBody['violations'];

  constructor(statusCode: number, message: string, violations?: ErrorBody['violations']) {
    super(message);
    this.statusCode = statusCode;
    this.violations = violations;
  }

  get body(): ErrorBody {
    return this.violations
      ? { message: this.message, violations: this.violations }
      : { message: this.message };
  }
}

export function parseWith<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const violations = parsed.error.issues.map((issue) => ({
    propertyPath: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = violations[0];
  const message = first
    ? first.propertyPath
      ? `${first.propertyPath}: ${first.message}`
      : first.message
    : 'Invalid request';
  throw new HttpError(400, message, violations);
}

// Fastify's own request errors, reworded for the people who read them.
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body',
};

export function installErrorHandlers(app: FastifyInstance): void {
  // Paths that exist for some method, so a wrong method answers 405 rather than 404.
  const methodsByPath = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return;
    const methods = methodsByPath.get(route.url) ?? new Set<string>();
    for (const method of [route.method].flat()) if (method !== 'OPTIONS') methods.add(method);
    methodsByPath.set(route.url, methods);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const methods = methodsByPath.get(path);
    if (methods && methods.size > 0) {
      const allowed = [...methods].sort().join(', ');
      return reply
        .code(405)
        .header('allow', allowed)
        .send({ message: `${request.method} is not allowed on ${path}; use ${allowed}` } satisfies ErrorBody);
    }
    return reply.code(404).send({ message: `No route ${request.method} ${path}` } satisfies ErrorBody);
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.body);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = FRAMEWORK_MESSAGES[error.code] ?? error.message;
      return reply.code(status).send({ message } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'The helper failed to handle this request' } satisfies ErrorBody);
  });
}
