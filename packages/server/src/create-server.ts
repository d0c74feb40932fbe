import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type RawServerDefault,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Bindings, ChildLoggerOptions } from 'pino';
import type { Config } from './config.ts';
import { registerConnectionDrain } from './connection-drain.ts';
import {
  ForeignOriginError,
  HttpError,
  InvalidJsonError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from './errors.ts';
import { responseSerializerCompiler } from './response-serializer.ts';
import { NON_HTML_CSP, securityHeaders } from './security-headers.ts';
import { findUnstorableText } from './storable-text.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes that take uploads declare it; every other state-changing call must send JSON. */
    acceptsMultipart?: boolean;
    /** Routes with a secret in the path (a reset token) are logged by their pattern instead. */
    secretInPath?: boolean;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface CreateServerOptions {
  config: Config;
  /** Silent when omitted (tests). */
  logger?: FastifyBaseLogger;
  /** Origins besides the server's own that may make state-changing calls. */
  trustedOrigins: string[];
  /** Answers requests no route matched; by default a 404 JSON error. */
  notFoundHandler?: (request: FastifyRequest, reply: FastifyReply) => unknown;
  /** Bytes; the default suits JSON calls, upload routes raise it for themselves. */
  bodyLimit?: number;
}

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_MEDIA_TYPES = ['application/merge-patch+json', 'application/ld+json'];
const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * The Fastify instance both servers start from: request ids, logs, zod validation, one error
 * shape (DESIGN §3), security headers and the same-origin guard for state-changing calls.
 */
export function createServer(options: CreateServerOptions): App {
  const { config } = options;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    logController: new OneLineRequestLog(),
    childLoggerFactory: (logger, bindings, childOptions) => new RequestLogger(logger, bindings, childOptions),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    return503OnClosing: true,
    // request.ip (rate limits, login history) comes from X-Forwarded-For only via these proxies.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  // Only JSON bodies (and its merge-patch and JSON-LD forms): everything else is a 415.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    JSON_MEDIA_TYPES,
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );

  // The hooks every request runs are written with `done`, not async: a promise and a microtask
  // each, on every answer, were a measurable part of a small call's cost (decision 133).
  const trustedOrigins = new Set(options.trustedOrigins);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!STATE_CHANGING_METHODS.has(request.method)) return done();
    const origin = request.headers.origin;
    if (
      origin !== undefined &&
      !trustedOrigins.has(origin) &&
      origin !== `${request.protocol}://${request.host}`
    ) {
      return done(new ForeignOriginError());
    }
    const contentType = request.headers['content-type'];
    if (
      contentType?.toLowerCase().startsWith('multipart/') &&
      !request.routeOptions.config.acceptsMultipart
    ) {
      return done(new UnsupportedMediaTypeError());
    }
    done();
  });

  // Before any route's schema and handler: a string the database would refuse is bad input (400),
  // not a failed query (500). Header values need no check: Node's parser refuses a NUL in them and
  // reads them as Latin-1, which has no surrogates; multipart text fields are never stored.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = findUnstorableText(part);
      if (!found) continue;
      const propertyPath = toPropertyPath(found.pointer);
      return done(
        new ValidationError(propertyPath ? `${propertyPath}: ${found.message}` : found.message, {
          violations: [{ propertyPath, message: found.message }],
        }),
      );
    }
    done();
  });

  const headers = securityHeaders(config);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    for (const [name, value] of headers.always) reply.header(name, value);
    if (!reply.hasHeader('content-security-policy')) {
      const contentType = String(reply.getHeader('content-type') ?? '');
      reply.header(
        'content-security-policy',
        contentType.startsWith('text/html') ? headers.htmlCsp : NON_HTML_CSP,
      );
    }
    done(null, payload);
  });

  registerConnectionDrain(app);

  app.setErrorHandler((error, request, reply) => {
    const httpError = toHttpError(error);
    if (httpError)
      return reply.code(httpError.statusCode).headers(httpError.headers).send(httpError.toBody());
    request.log.error({ err: error }, 'Request failed');
    return reply.code(500).send({ message: 'Internal server error' });
  });

  app.setNotFoundHandler(
    options.notFoundHandler ??
      (async () => {
        throw new NotFoundError();
      }),
  );

  return app;
}

const WRITES_INFO = new Set(['info', 'debug', 'trace']);

type LogMethod = (...args: unknown[]) => void;

/**
 * A request's logger, made by pino when the request first logs: its `child` took about half a
 * microsecond of every request, most of which log nothing at LOG_LEVEL=warn (decision 156).
 */
class RequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get #logger(): FastifyBaseLogger {
    this.#made ??= this.parent.child(this.bindings, this.options);
    return this.#made;
  }

  get level(): string {
    return this.#made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#logger.level = level;
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.#write('error', args);
  }

  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }

  info(...args: unknown[]): void {
    this.#write('info', args);
  }

  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }

  /** pino's `silent` writes nothing, so no child is made for it. */
  silent(): void {}

  #write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', args: unknown[]): void {
    const logger = this.#logger;
    (logger[level] as LogMethod).apply(logger, args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }
}

/**
 * One line per answered request instead of Fastify's two; the query string is left out because
 * e-mailed links carry tokens in it.
 */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // Built only where it is written: at LOG_LEVEL=warn an answered request costs no line.
    if (!error && !WRITES_INFO.has(reply.log.level)) return;
    const path = request.routeOptions.config.secretInPath
      ? request.routeOptions.url
      : request.url.split('?', 1)[0];
    const line = `${request.method} ${path} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}

/** Maps anything thrown while answering to the error the client may see, or undefined for a 500. */
function toHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const violations = error.validation.map((issue) => ({
      propertyPath: toPropertyPath(issue.instancePath),
      message: issue.message ?? 'Invalid value',
    }));
    const message = violations
      .map((violation) =>
        violation.propertyPath ? `${violation.propertyPath}: ${violation.message}` : violation.message,
      )
      .join('\n');
    return new ValidationError(message, { violations });
  }
  const fastifyError = error as Partial<FastifyError>;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new UnsupportedMediaTypeError();
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new PayloadTooLargeError();
  }
  if (
    fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    (error instanceof SyntaxError && fastifyError.statusCode === 400)
  ) {
    return new InvalidJsonError();
  }
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500 && fastifyError.code?.startsWith('FST_')) {
    return new HttpError(status, fastifyError.code, fastifyError.message ?? 'Bad request');
  }
  return undefined;
}

/** `/items/0/name` (JSON pointer) → `items[0].name` (the propertyPath style of API Platform). */
function toPropertyPath(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce(
      (path, segment) =>
        /^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment,
      '',
    );
}
