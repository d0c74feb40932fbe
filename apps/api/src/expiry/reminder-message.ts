import type { Language } from '@benchside/contracts/languages';
import type { ExpiringItemKind } from './due-reminders.ts';

interface ReminderCopy {
  card: string;
  product: string;
  credit: string;
  anyProduct: string;
  sentence: string;
}

/** `{serial}`, `{product}`, `{item}`, `{when}` and `{date}` are filled in by `reminderMessage`. */
const COPY: Record<Language, ReminderCopy> = {
  en: {
    card: 'The support licence of card {serial}',
    product: '{product} on card {serial}',
    credit: 'Credit pack ({product})',
    anyProduct: 'all products',
    sentence: '{item} expires {when}, on {date}.',
  },
  de: {
    card: 'Die Support-Lizenz der Karte {serial}',
    product: '{product} auf Karte {serial}',
    credit: 'Guthabenpaket ({product})',
    anyProduct: 'alle Produkte',
    sentence: '{item} läuft {when} ab, am {date}.',
  },
  fr: {
    card: 'La licence de support de la carte {serial}',
    product: '{product} sur la carte {serial}',
    credit: 'Pack de crédits ({product})',
    anyProduct: 'tous les produits',
    sentence: '{item} expire {when}, le {date}.',
  },
  es: {
    card: 'La licencia de soporte de la tarjeta {serial}',
    product: '{product} en la tarjeta {serial}',
    credit: 'Paquete de créditos ({product})',
    anyProduct: 'todos los productos',
    sentence: '{item} caduca {when}, el {date}.',
  },
  ja: {
    card: 'カード {serial} のサポートライセンス',
    product: 'カード {serial} の {product}',
    credit: 'クレジットパック（{product}）',
    anyProduct: '全製品',
    sentence: '{item}の有効期限は{when}（{date}）に切れます。',
  },
  zh: {
    card: '卡 {serial} 的支持许可证',
    product: '卡 {serial} 上的 {product}',
    credit: '积分包（{product}）',
    anyProduct: '所有产品',
    sentence: '{item}将于{when}（{date}）到期。',
  },
};

export interface ReminderSubject {
  kind: ExpiringItemKind;
  serial: string | null;
  productName: string | null;
  expiresAt: Date;
}

/**
 * The reminder in the owner's language, e.g. "Credit pack (Unlock) expires in 5 days, on 30 Nov
 * 2026.": the notification's text and the e-mail's body. Plurals and "tomorrow" come from
 * Intl.RelativeTimeFormat, so every language gets its own forms.
 */
export function reminderMessage(language: Language, subject: ReminderSubject, days: number): string {
  const copy = COPY[language];
  const item = copy[subject.kind]
    .replace('{serial}', subject.serial ?? '')
    .replace('{product}', subject.productName ?? copy.anyProduct);
  const when = new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(days, 'day');
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    subject.expiresAt,
  );
  return copy.sentence.replace('{item}', item).replace('{when}', when).replace('{date}', date);
}
