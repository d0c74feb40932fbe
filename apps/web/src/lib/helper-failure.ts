import type { TFunction } from 'i18next';
import { HelperError } from './helper-client.ts';

/** Spec §8 helper messages, by what failed. */
export type HelperFailure =
  | 'loadFolder'
  | 'folderNotSelected'
  | 'download'
  | 'browse'
  | 'list'
  | 'install'
  | 'setStatus';

/**
 * The spec's message for the failure, followed by the helper's own reason when it gave one (a
 * folder that is not writable, a package whose hash does not match): the user can act on it.
 */
export function helperFailureMessage(t: TFunction, failure: HelperFailure, error: unknown): string {
  const message = t(`helper.errors.${failure}`);
  if (!(error instanceof HelperError && error.reason === 'rejected')) return message;
  // The helper starts some reasons with the same English words ("File browse error: …").
  const english = t(`helper.errors.${failure}`, { lng: 'en' });
  const detail = error.message.startsWith(`${english}: `)
    ? error.message.slice(english.length + 2)
    : error.message;
  return `${message} — ${detail}`;
}
