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
  /** A JSON value, or a form with files (the browser then sets the multipart boundary). */
  body?: unknown;
  contentType?: string;
  signal?: AbortSignal;
}

export interface UploadOptions {
  /** Called with 0..1 as the form goes up. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface HttpClientOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  /** `include` for a service on another origin that the portal's cookie must reach (spec §6). */
  credentials?: RequestCredentials;
  /**
   * Who judges a 401. Without it this client serves the main API and ends the session itself;
   * a client of another origin passes how the main API is asked whether the session still lives.
   */
  onUnauthorized?: () => Promise<unknown>;
}

const LOGOUT_PATH = '/logout';

// The schema (and zod with it) loads with the first error body, keeping it off the first screen.
async function readErrorBody(text: string): Promise<ApiErrorBody | null> {
  try {
    const body: unknown = JSON.parse(text);
    const { errorBodySchema } = await import('@benchside/contracts/common');
    const parsed = errorBodySchema.loose().safeParse(body);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A form goes as it is (the browser sets its multipart boundary); anything else as JSON. */
function encodeBody(body: unknown): FormData | string | undefined {
  if (body === undefined || body instanceof FormData) return body;
  return JSON.stringify(body);
}

function retryAfterOf(header: string | null): number | null {
  const seconds = Number(header ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/** The URL a request of this client goes to: the query's defined values in their order. */
export function requestUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(name, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

/**
 * The web app's one HTTP client: JSON, forms with files, and uploads with progress, each answer
 * read one way. The main API's client owns the spec's 401 rule: any 401 ends the session with
 * exactly one `GET /logout`, requests issued meanwhile wait for it, and session listeners clear
 * the user.
 */
export function createHttpClient({
  baseUrl,
  fetch: fetchImpl = (...args) => globalThis.fetch(...args),
  credentials = 'same-origin',
  onUnauthorized,
}: HttpClientOptions) {
  let pendingLogout: Promise<void> | null = null;
  const sessionEndedListeners = new Set<() => void>();

  function endSession(): Promise<void> {
    pendingLogout ??= fetchImpl(`${baseUrl}${LOGOUT_PATH}`, { credentials })
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

  const buildUrl = (path: string, query: RequestOptions['query']) => requestUrl(baseUrl, path, query);

  /** Every answer, fetched or uploaded, is read here: the body on success, an ApiError otherwise. */
  async function readAnswer(
    path: string,
    status: number,
    text: string,
    retryAfter: string | null,
  ): Promise<unknown> {
    if (status === 401 && path !== LOGOUT_PATH) {
      // Another origin's 401 is not awaited: the caller learns of it at once, the check runs beside.
      if (onUnauthorized) void onUnauthorized();
      else await endSession();
      throw new ApiError(401, null);
    }
    if (status < 200 || status > 299) {
      throw new ApiError(status, await readErrorBody(text), retryAfterOf(retryAfter));
    }
    return text ? JSON.parse(text) : null;
  }

  async function request(method: string, path: string, options: RequestOptions = {}): Promise<unknown> {
    if (pendingLogout) await pendingLogout;
    const body = encodeBody(options.body);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (typeof body === 'string') headers['Content-Type'] = options.contentType ?? 'application/json';
    const response = await fetchImpl(buildUrl(path, options.query), {
      method,
      headers,
      credentials,
      body,
      signal: options.signal,
    });
    return readAnswer(path, response.status, await response.text(), response.headers.get('Retry-After'));
  }

  /** `POST` of a form with files. XMLHttpRequest rather than fetch: only it reports upload progress in every browser. */
  async function upload(
    path: string,
    form: FormData,
    { onProgress, signal }: UploadOptions = {},
  ): Promise<unknown> {
    if (pendingLogout) await pendingLogout;
    const xhr = new XMLHttpRequest();
    const loaded = new Promise<void>((resolve, reject) => {
      xhr.addEventListener('load', () => resolve());
      xhr.addEventListener('error', () => reject(new ApiError(0, null)));
      xhr.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    });
    xhr.open('POST', buildUrl(path, undefined));
    xhr.withCredentials = credentials === 'include';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
    await loaded;
    return readAnswer(path, xhr.status, xhr.responseText, xhr.getResponseHeader('Retry-After'));
  }

  return {
    get: (path: string, options?: Omit<RequestOptions, 'body'>) => request('GET', path, options),
    post: (path: string, body?: unknown, options?: RequestOptions) =>
      request('POST', path, { ...options, body }),
    put: (path: string, body: unknown, options?: RequestOptions) =>
      request('PUT', path, { ...options, body }),
    patch: (path: string, body: unknown, options?: RequestOptions) =>
      request('PATCH', path, { contentType: 'application/merge-patch+json', ...options, body }),
    delete: (path: string, options?: RequestOptions) => request('DELETE', path, options),
    upload,
    onSessionEnded(listener: () => void): () => void {
      sessionEndedListeners.add(listener);
      return () => sessionEndedListeners.delete(listener);
    },
  };
}

export const http = createHttpClient({ baseUrl: '/api' });
