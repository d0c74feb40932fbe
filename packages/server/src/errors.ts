import type { ErrorBody } from '@benchside/contracts/common';

type Violation = NonNullable<ErrorBody['violations']>[number];

export interface HttpErrorDetails {
  violations?: Violation[];
  headers?: Record<string, string>;
  /** Extra top-level fields of the body, e.g. `isVerified: false` on a failed sign-in. */
  fields?: Record<string, unknown>;
  cause?: unknown;
}

/** An error whose status and message are safe to show the client as is (DESIGN §3 shape). */
export class HttpError extends Error {
  readonly violations: Violation[] | undefined;
  readonly headers: Record<string, string>;
  readonly fields: Record<string, unknown>;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    details: HttpErrorDetails = {},
  ) {
    super(message, { cause: details.cause });
    this.name = code;
    this.violations = details.violations;
    this.headers = details.headers ?? {};
    this.fields = details.fields ?? {};
  }

  toBody(): ErrorBody & Record<string, unknown> {
    return {
      ...this.fields,
      message: this.message,
      ...(this.violations ? { violations: this.violations } : {}),
    };
  }
}

function defineError(code: string, statusCode: number, defaultMessage: string) {
  return class extends HttpError {
    static readonly code = code;
    constructor(message: string = defaultMessage, details: HttpErrorDetails = {}) {
      super(statusCode, code, message, details);
    }
  };
}

// One list of every error the servers answer on purpose, as Fastify keeps its FST_ERR_* codes.
export const BadRequestError = defineError('BS_ERR_BAD_REQUEST', 400, 'Bad request');
export const ValidationError = defineError('BS_ERR_VALIDATION', 400, 'Validation failed');
export const InvalidJsonError = defineError('BS_ERR_INVALID_JSON', 400, 'The request body is not valid JSON');
export const UnauthorizedError = defineError('BS_ERR_UNAUTHORIZED', 401, 'Unauthorized');
export const ForeignOriginError = defineError('BS_ERR_FOREIGN_ORIGIN', 403, 'Cross-origin request refused');
export const ForbiddenError = defineError('BS_ERR_FORBIDDEN', 403, 'Access denied');
export const NotFoundError = defineError('BS_ERR_NOT_FOUND', 404, 'Not found');
export const ConflictError = defineError(
  'BS_ERR_CONFLICT',
  409,
  'The request conflicts with the current state',
);
export const PayloadTooLargeError = defineError(
  'BS_ERR_PAYLOAD_TOO_LARGE',
  413,
  'The request body is too large',
);
export const UnsupportedMediaTypeError = defineError(
  'BS_ERR_UNSUPPORTED_MEDIA_TYPE',
  415,
  'Unsupported content type: send application/json',
);
export const UnprocessableError = defineError(
  'BS_ERR_UNPROCESSABLE',
  422,
  'The request is well formed but cannot be processed',
);
export const MailDeliveryError = defineError(
  'BS_ERR_MAIL_DELIVERY',
  503,
  'The e-mail could not be sent. Please try again later.',
);
export const BadGatewayError = defineError('BS_ERR_BAD_GATEWAY', 502, 'A service behind this one failed');
export const ServiceUnavailableError = defineError('BS_ERR_UNAVAILABLE', 503, 'Service unavailable');
export const GatewayTimeoutError = defineError(
  'BS_ERR_GATEWAY_TIMEOUT',
  504,
  'A service behind this one did not answer in time',
);

export class TooManyRequestsError extends HttpError {
  static readonly code = 'BS_ERR_TOO_MANY_REQUESTS';
  constructor(retryAfterSeconds: number, message = 'Too many requests, please try again later.') {
    super(429, TooManyRequestsError.code, message, {
      headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    });
  }
}

/** Work the server bounds (password hashing) is full: the client should come back shortly. */
export class ServerBusyError extends HttpError {
  static readonly code = 'BS_ERR_SERVER_BUSY';
  constructor(retryAfterSeconds: number, message = 'The server is busy, please try again in a moment.') {
    super(503, ServerBusyError.code, message, {
      headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    });
  }
}
