import type { CurrentUser } from '@benchside/contracts/auth';
import { hasSignedInHint as cookiesHaveHint } from '@benchside/contracts/signed-in-hint';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createStore, useStore } from './create-store.ts';
import { http } from './http.ts';
import { queryClient } from './query-client.ts';

export const currentUserQueryKey = ['current-user'] as const;

/** The API sets the hint cookie with every session; without it there is no session to ask about. */
export function hasSignedInHint(cookies: string = document.cookie): boolean {
  return cookiesHaveHint(cookies);
}

/** `GET /api/me`; any failure means nobody is signed in (spec §4). */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  if (!hasSignedInHint()) return null;
  let body: unknown;
  try {
    body = await http.get('/me');
  } catch {
    return null;
  }
  // Loaded only for a signed-in visitor: the sign-in page never needs the schema library.
  const { currentUserSchema } = await import('@benchside/contracts/auth');
  const parsed = currentUserSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserQueryKey, queryFn: getCurrentUser, staleTime: 5 * 60_000 });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

export function clearCurrentUser(): void {
  queryClient.setQueryData(currentUserQueryKey, null);
}

export function refetchCurrentUser(): Promise<CurrentUser | null> {
  return queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 });
}

http.onSessionEnded(clearCurrentUser);

/** The pending two-factor hash lives beside the user, never in storage (spec §3 `hash2fa`). */
export const hash2faStore = createStore<string | null>(null);

export function useHash2fa(): string | null {
  return useStore(hash2faStore);
}

let pendingSignOut: Promise<void> | null = null;

/** Spec §4 sign-out: call logout and clear the user; the caller reloads. Repeated calls share one request. */
export function signOut(): Promise<void> {
  pendingSignOut ??= http
    .get('/logout')
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      hash2faStore.set(null);
      clearCurrentUser();
    });
  return pendingSignOut;
}
