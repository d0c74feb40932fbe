import type { ErrorBody } from '@benchside/contracts/common';

/** The error body of the main API; extra fields (e.g. `isVerified`) are kept for the caller. */
export type ApiErrorBody = ErrorBody & Record<string, unknown>;

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
    /** From a 429's `Retry-After` header: how long the user has to wait. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(body?.message ?? `Request failed with status ${status}`);
  }
}

type QueryValue = string | number | boolean | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  contentType?: string;
  signal?: AbortSignal;
}

export interface HttpClientOptions {
  baseUrl: string;
  fetch?: typeof fetch;
}

const LOGOUT_PATH = '/logout';

// The schema (and zod with it) loads with the first error body, keeping it off the first screen.
async function readErrorBody(response: Response): Promise<ApiErrorBody | null> {
  try {
    const body: unknown = await response.json();
    const { errorBodySchema } = await import('@benchside/contracts/common');
    const parsed = errorBodySchema.loose().safeParse(body);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function retryAfterOf(response: Response): number | null {
  const seconds = Number(response.headers.get('Retry-After') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/**
 * The main API's client. It owns the spec's 401 rule: any 401 ends the session with exactly one
 * `GET /logout`, requests issued meanwhile wait for it, and session listeners clear the user.
 */
export function createHttpClient({
  baseUrl,
  fetch: fetchImpl = (...args) => globalThis.fetch(...args),
}: HttpClientOptions) {
  let pendingLogout: Promise<void> | null = null;
  const sessionEndedListeners = new Set<() => void>();

  function endSession(): Promise<void> {
    pendingLogout ??= fetchImpl(`${baseUrl}${LOGOUT_PATH}`, { credentials: 'same-origin' })
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        pendingLogout = null;
        for (const listener of sessionEndedListeners) listener();
      });
    return pendingLogout;
  }

  function buildUrl(path: string, query: RequestOptions['query']): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) params.append(name, String(value));
    }
    const search = params.toString();
    return `${baseUrl}${path}${search ? `?${search}` : ''}`;
  }

  async function request(method: string, path: string, options: RequestOptions = {}): Promise<unknown> {
    if (pendingLogout) await pendingLogout;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = options.contentType ?? 'application/json';
    const response = await fetchImpl(buildUrl(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    if (response.status === 401 && path !== LOGOUT_PATH) {
      await endSession();
      throw new ApiError(401, null);
    }
    if (!response.ok) {
      throw new ApiError(response.status, await readErrorBody(response), retryAfterOf(response));
    }
    const text = await response.text();
    return text ? JSON.parse(text) : null;
  }

  return {
    get: (path: string, options?: Omit<RequestOptions, 'body'>) => request('GET', path, options),
    post: (path: string, body?: unknown, options?: RequestOptions) =>
      request('POST', path, { ...options, body }),
    patch: (path: string, body: unknown, options?: RequestOptions) =>
      request('PATCH', path, { contentType: 'application/merge-patch+json', ...options, body }),
    delete: (path: string, options?: RequestOptions) => request('DELETE', path, options),
    onSessionEnded(listener: () => void): () => void {
      sessionEndedListeners.add(listener);
      return () => sessionEndedListeners.delete(listener);
    },
  };
}

export const http = createHttpClient({ baseUrl: '/api' });
