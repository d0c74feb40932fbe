import { LANGUAGES } from '@benchside/contracts/languages';
import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import ja from './ja.json';
import zh from './zh.json';

const locales = { en, zh, es, ja, de, fr };

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  if (typeof value === 'string') {
    entries.set(prefix, value);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, text] of flatten(child, prefix ? `${prefix}.${key}` : key)) entries.set(path, text);
    }
  }
  return entries;
}

// Words that are the same in a language as in English (names, loanwords, placeholders).
const SAME_AS_ENGLISH = new Set([
  // The helper panel: the product's name, and "OK" as German and French write it too.
  'helper.panel.helper.title',
  'helper.panel.state.ok',
  'app.name',
  'app.documentTitle',
  'helper.launch.launch',
  'welcome.helperTitle',
  'topbar.helperStatus',
  'menu.firmwares',
  'menu.downloads',
  'menu.support',
  // "Portal" in German and Spanish too.
  'menu.portal',
  'menu.notifications',
  'topbar.notifications',
  'errors.notFound.code',
  'errors.server.code',
  'theme.system',
  'language.names.zh',
  'pages.account.layoutTitle',
  'pages.account.toolbarOption',
  // "Firmware", "Login" and (in French) "Machine" are the words technicians use in these languages too.
  'cards.firmware',
  'cards.login',
  'cards.machine',
  // "Firmwares" as in the menu; German "Name", "Version", "Tool" and French "Date", "Actions",
  // "Version" are spelt as in English.
  'catalogue.firmwares.firmwares',
  'catalogue.firmwares.version',
  'catalogue.firmwares.soft',
  'catalogue.name',
  'catalogue.date',
  'catalogue.actions',
  // The disclosure over a failure's technical words: German says "Details" too.
  'errors.details',
  // Firmware details: "Android", "SHA-256" and "Bootloader" are names; German says "Region",
  // "Details" and "Patch" too.
  'catalogue.firmwares.android',
  'catalogue.firmwares.androidVersion',
  'catalogue.firmwares.sha256',
  'catalogue.direct.sha256',
  // Speed units: KB/s and MB/s in every language but French (Ko/s, Mo/s).
  'downloads.settings.units.KB',
  'downloads.settings.units.MB',
  'catalogue.firmwares.bootloaderShort',
  'catalogue.firmwares.region',
  'catalogue.firmwares.details',
  'catalogue.firmwares.patchOf',
  // A customer's "Name" and "Status" in German, "Type" and "Notes" in French.
  'customers.field.name',
  'customers.field.status',
  'customers.field.type',
  'customers.field.notes',
]);

describe('locales', () => {
  const english = flatten(en);

  it('exist for every language of the spec', () => {
    expect(Object.keys(locales).sort()).toEqual([...LANGUAGES].sort());
  });

  for (const [language, resources] of Object.entries(locales)) {
    it(`${language} has exactly the English keys`, () => {
      expect([...flatten(resources).keys()].sort()).toEqual([...english.keys()].sort());
    });

    if (language === 'en') continue;

    it(`${language} is a real translation, not English copies`, () => {
      const copies = [...flatten(resources)]
        .filter(([path, text]) => english.get(path) === text)
        .map(([path]) => path.replace(/^translation\./, ''))
        .filter((path) => !SAME_AS_ENGLISH.has(path));
      expect(copies).toEqual([]);
    });
  }

  it('English messages are the spec wording, keyed by themselves', () => {
    for (const [key, text] of Object.entries(en.messages)) expect(text).toBe(key);
  });

  it("has spec §5's generic labels, in English word for word ({name} filled in by i18next)", () => {
    const spec = [
      '{name} is not valid',
      '{name} is required',
      'Accepting terms & conditions are required',
      'Required field',
      'Minimum field length:',
      'Maximum field length:',
      'Field is not valid',
      'The requested {name} is not found',
    ];
    expect(Object.values(en.genericLabels)).toEqual(spec.map((label) => label.replace('{name}', '{{name}}')));
  });
});
