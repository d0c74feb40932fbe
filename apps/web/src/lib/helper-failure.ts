import type { TFunction } from 'i18next';
import { translateMessage } from './i18n.ts';
import { notify } from './notify.ts';

/**
 * Spec §8's helper messages, by what failed, in the spec's words: they key the `messages`
 * catalogue, and the helper starts some of its own reasons with them ("File browse error: …").
 */
const HELPER_FAILURE_MESSAGES = {
  loadFolder: 'We cannot load your download folder',
  folderNotSelected: 'Default download folder not selected!',
  download: 'File download error',
  browse: 'File browse error',
  list: 'Error getting download list',
  install: 'Error installing tool',
  setStatus: 'Error setting status',
} as const;

export type HelperFailure = keyof typeof HELPER_FAILURE_MESSAGES;

/** A failure as the user reads it: a sentence in their language, and the technical words behind it. */
export interface FailureText {
  message: string;
  /** The helper's own reason (a folder that is not writable, a hash that does not match), in English. */
  details: string | null;
}

/** The spec's message for what failed, in the user's language. */
export function helperFailureMessage(t: TFunction, failure: HelperFailure): string {
  return translateMessage(t, HELPER_FAILURE_MESSAGES[failure]);
}

/**
 * What the helper, or the call to it, said went wrong: technical English, so the pages fold it
 * away under the translated message; the spec's words it may start with are not repeated.
 */
export function helperFailureDetails(error: unknown, failure?: HelperFailure): string | null {
  if (!(error instanceof Error) || error.message === '') return null;
  const prefix = failure ? `${HELPER_FAILURE_MESSAGES[failure]}: ` : null;
  return prefix && error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}

export function helperFailure(t: TFunction, failure: HelperFailure, error: unknown): FailureText {
  return { message: helperFailureMessage(t, failure), details: helperFailureDetails(error, failure) };
}

/** A helper failure as a toast: the spec's message, with the helper's reason folded away. */
export function notifyHelperFailure(t: TFunction, failure: HelperFailure, error: unknown): void {
  const { message, details } = helperFailure(t, failure, error);
  notify(message, 'error', details);
}
