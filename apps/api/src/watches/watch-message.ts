import type { Language } from '@benchside/contracts/languages';

/** `{brand}`, `{model}`, `{tool}` and `{package}` are filled in by `watchedPackageMessage`. */
const COPY: Record<Language, { firmware: string; tool: string }> = {
  en: { firmware: 'New firmware for {brand} {model}: {package}', tool: 'New version of {tool}: {package}' },
  de: {
    firmware: 'Neue Firmware für {brand} {model}: {package}',
    tool: 'Neue Version von {tool}: {package}',
  },
  fr: {
    firmware: 'Nouveau firmware pour {brand} {model} : {package}',
    tool: 'Nouvelle version de {tool} : {package}',
  },
  es: {
    firmware: 'Nuevo firmware para {brand} {model}: {package}',
    tool: 'Nueva versión de {tool}: {package}',
  },
  ja: {
    firmware: '{brand} {model} の新しいファームウェア: {package}',
    tool: '{tool} の新しいバージョン: {package}',
  },
  zh: { firmware: '{brand} {model} 有新固件：{package}', tool: '{tool} 有新版本：{package}' },
};

export interface WatchedPackage {
  kind: 'firmware' | 'tool';
  brand: string | null;
  model: string | null;
  soft: string | null;
  version: string | null;
  /** The package's file name. */
  name: string;
}

/**
 * "New firmware for Samsung SM-A525F: A525FXXU4BUG1.zip" in the watcher's language: the
 * notification's text and a line of the daily digest. A tool is named with its new version.
 */
export function watchedPackageMessage(language: Language, pkg: WatchedPackage): string {
  const copy = COPY[language];
  return pkg.kind === 'firmware'
    ? copy.firmware
        .replace('{brand}', pkg.brand ?? '')
        .replace('{model}', pkg.model ?? '')
        .replace('{package}', pkg.name)
    : copy.tool.replace('{tool}', pkg.soft ?? '').replace('{package}', pkg.version ?? pkg.name);
}
