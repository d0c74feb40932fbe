import { loadScript } from './load-script.ts';

/** The part of Google Identity Services' `google.accounts.id` we use. */
export interface GoogleAccountsId {
  initialize(options: { client_id: string; callback: (response: { credential: string }) => void }): void;
  renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';

/** Loads Google's script on first use only, so no page pays for it unless it shows the button. */
export async function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  await loadScript(GOOGLE_IDENTITY_SCRIPT);
  const id = window.google?.accounts?.id;
  if (!id) throw new Error('Google Identity Services did not start');
  return id;
}
