import type { ErrorBody } from '@benchside/contracts/common';
import {
  BadGatewayError,
  ConflictError,
  ForbiddenError,
  GatewayTimeoutError,
  HttpError,
  NotFoundError,
  ServiceUnavailableError,
  UnprocessableError,
  ValidationError,
} from '@benchside/server/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** The named error of each status the helper answers where the status is data (a verdict, a card-reader failure). */
const ERROR_BY_STATUS = {
  403: ForbiddenError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableError,
  502: BadGatewayError,
  503: ServiceUnavailableError,
  504: GatewayTimeoutError,
} as const;

export type HelperErrorStatus = keyof typeof ERROR_BY_STATUS;

export function errorForStatus(statusCode: HelperErrorStatus, message: string): HttpError {
  return new ERROR_BY_STATUS[statusCode](message);
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
  throw new ValidationError(message, { violations });
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
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.toBody());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = FRAMEWORK_MESSAGES[error.code] ?? error.message;
      return reply.code(status).send({ message } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'The helper failed to handle this request' } satisfies ErrorBody);
  });
}
