import { errorBodySchema } from '@benchside/contracts/common';
import { refetchCurrentUser } from '../../../lib/auth.ts';
import { clientConfig } from '../../../lib/client-config.ts';
import { ApiError } from '../../../lib/http.ts';

/** The body of a support-service call: JSON, or a form with files (the browser sets its boundary). */
type Body = object | FormData;

async function errorOf(response: Response): Promise<ApiError> {
  const body = errorBodySchema.loose().safeParse(await response.json().catch(() => null));
  return new ApiError(response.status, body.success ? body.data : null);
}

/**
 * Calls the support service on its own origin (spec §6: the portal's cookie travels with them, so
 * `credentials: 'include'`). A 401 there means the portal session ended: the main API is asked
 * again, and its client then signs out exactly as for any other 401.
 */
export async function supportRequest(
  method: 'GET' | 'POST',
  path: string,
  options: { body?: Body; query?: Record<string, string | undefined>; signal?: AbortSignal } = {},
): Promise<unknown> {
  const url = new URL(path, clientConfig.supportUrl);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  const isForm = options.body instanceof FormData;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(options.body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
    },
    body: isForm
      ? (options.body as FormData)
      : options.body === undefined
        ? undefined
        : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (response.status === 401) {
    void refetchCurrentUser();
    throw new ApiError(401, null);
  }
  if (!response.ok) throw await errorOf(response);
  return response.json();
}
