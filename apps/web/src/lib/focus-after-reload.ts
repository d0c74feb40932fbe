import { type RefObject, useEffect } from 'react';

const STORAGE_KEY = 'benchside_focus_after_reload';

/** The controls that reload the page and take the focus back afterwards. */
export type ReloadingControl = 'user-menu' | 'language-select';

/**
 * Notes which control reloaded the page (choosing a language does), so that the reloaded page
 * gives it the focus again: a keyboard user goes on from where they were, not from the top.
 */
export function returnFocusAfterReload(control: ReloadingControl): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, control);
  } catch {
    // Without storage the reloaded page starts at the top, as any page load does.
  }
}

/** Focuses `ref` once, on mount, when the page was reloaded by this control. */
export function useFocusAfterReload(control: ReloadingControl, ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    try {
      if (sessionStorage.getItem(STORAGE_KEY) !== control) return;
      sessionStorage.removeItem(STORAGE_KEY);
    } catch {
      return;
    }
    ref.current?.focus();
  }, [control, ref]);
}
