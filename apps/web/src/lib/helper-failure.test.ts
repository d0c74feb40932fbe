import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../locales/de.json';
import { HelperError } from './helper-client.ts';
import { helperFailure } from './helper-failure.ts';
import { initI18n } from './i18n.ts';

describe('helper failures for a German reader', () => {
  // As in the app: only the active language is loaded, English is not there to fall back to.
  beforeAll(() => initI18n('de', de));

  it('says the spec message in German and folds the helper reason without its English prefix', () => {
    const error = new HelperError('rejected', 'File browse error: xdg-open is not installed', 502);
    expect(helperFailure(i18next.t, 'browse', error)).toEqual({
      message: 'Fehler beim Öffnen des Ordners',
      details: 'xdg-open is not installed',
    });
  });

  it('keeps a reason that does not start with the spec message whole', () => {
    const error = new HelperError('rejected', 'The folder /srv is not writable: EACCES', 400);
    expect(helperFailure(i18next.t, 'folderNotSelected', error)).toEqual({
      message: 'Standard-Download-Ordner nicht ausgewählt!',
      details: 'The folder /srv is not writable: EACCES',
    });
  });

  it('names an unreachable helper in German, with what the call saw as details', () => {
    const error = new HelperError('unreachable', 'The helper could not be reached for /downloads/list');
    const { message, details } = helperFailure(i18next.t, 'list', error);
    expect(message).toBe('Fehler beim Abrufen der Download-Liste');
    expect(details).toBe('The helper could not be reached for /downloads/list');
  });
});
