import { useEffect } from 'react';

const RETURN_PATH_KEY = 'benchside_return_after_sign_in';

/** Only a path of this portal: a stored value must never send the user to another site. */
function isOwnPath(path: string | null): path is string {
  return path?.startsWith('/') === true && !path.startsWith('//');
}

/** A page that needs a signed-in user keeps its URL for the moment the user has signed in (tab-scoped). */
export function rememberReturnPath(path: string): void {
  try {
    sessionStorage.setItem(RETURN_PATH_KEY, path);
  } catch {
    // Without storage the user lands on the default page after sign-in; nothing else breaks.
  }
}

export function peekReturnPath(): string | null {
  try {
    const path = sessionStorage.getItem(RETURN_PATH_KEY);
    return isOwnPath(path) ? path : null;
  } catch {
    return null;
  }
}

function forgetReturnPath(): void {
  try {
    sessionStorage.removeItem(RETURN_PATH_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/**
 * Where a user who has just signed in goes: the remembered page, once, else the given default.
 * Read during render and forgotten after commit, so a repeated render still sees it.
 */
export function useReturnPathAfterSignIn(fallback: string): string {
  const path = peekReturnPath() ?? fallback;
  useEffect(forgetReturnPath, []);
  return path;
}
