/**
 * Intl formatters are costly to build (a list of 20 rows built 60 of them on every render of the
 * cards page, a fifth of its script time on a phone) and cheap to reuse: one per language and
 * options, kept for the page's life.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  language: string,
  options: object | undefined,
  create: () => F,
): F {
  const key = `${kind} ${language} ${JSON.stringify(options ?? {})}`;
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = create();
    formatters.set(key, formatter);
  }
  return formatter;
}

export function numberFormat(language: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached('number', language, options, () => new Intl.NumberFormat(language, options));
}

export function dateTimeFormat(language: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('date', language, options, () => new Intl.DateTimeFormat(language, options));
}

export function relativeTimeFormat(
  language: string,
  options?: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat {
  return cached('relative', language, options, () => new Intl.RelativeTimeFormat(language, options));
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * An amount of bytes in the largest unit it fills. Counted in thousands everywhere: the units
 * Intl prints (kB, MB, Mo, KB) are the SI ones, and one base means a size reads the same on the
 * catalogue, the downloads list and an attachment.
 */
function scaleBytes(bytes: number): { value: number; unit: (typeof BYTE_UNITS)[number] } {
  let value = bytes;
  let index = 0;
  while (value >= 1000 && index < BYTE_UNITS.length - 1) {
    value /= 1000;
    index++;
  }
  return { value, unit: BYTE_UNITS[index] ?? 'byte' };
}

function formatScaled(bytes: number, language: string, perSecond: boolean): string {
  const { value, unit } = scaleBytes(bytes);
  return numberFormat(language, {
    style: 'unit',
    unit: perSecond ? `${unit}-per-second` : unit,
    // Bare bytes are spelled out so they take the language's plural ("1 byte", "314 bytes",
    // "314 octets"); the short form would print "314 byte".
    unitDisplay: unit === 'byte' && !perSecond ? 'long' : 'short',
    maximumFractionDigits: unit === 'byte' ? 0 : 1,
  }).format(value);
}

/** A size in the reader's language: "314 bytes", "1.2 MB", "1,5 Go". */
export function formatBytes(bytes: number, language: string): string {
  return formatScaled(bytes, language, false);
}

/** A transfer rate in the reader's language: "12.3 MB/s". */
export function formatBytesPerSecond(bytesPerSecond: number, language: string): string {
  return formatScaled(bytesPerSecond, language, true);
}

/** "12 Mar 2026" in the reader's language; a value that is not a date is shown as it came. */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/** "12 Mar 2026, 14:05" in the reader's language; a value that is not a date is shown as it came. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A calendar day (`2024-05-20`) in the reader's language, the same day wherever the reader is. */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Within this many days an expiry shows as a warning (issue 19: reminders go at 7 and 1). */
export const EXPIRY_WARNING_DAYS = 7;

export interface ExpiryCountdown {
  expired: boolean;
  /** Not expired, and at most EXPIRY_WARNING_DAYS away. */
  soon: boolean;
  /** "in 12 days", "in 5 hours", "3 days ago" in the reader's language, its plural included. */
  relative: string;
}

/**
 * How far an end is from `now`: whole days, or hours on its last day, since "tomorrow" would be
 * wrong for an end two hours away. Intl.RelativeTimeFormat gives each language its own plurals.
 */
export function expiryCountdown(iso: string, now: Date, language: string): ExpiryCountdown {
  const left = new Date(iso).getTime() - now.getTime();
  const format = relativeTimeFormat(language, { numeric: 'always' });
  const expired = left <= 0;
  const relative =
    Math.abs(left) < DAY_MS
      ? format.format(
          expired ? -Math.max(1, Math.floor(-left / HOUR_MS)) : Math.max(1, Math.ceil(left / HOUR_MS)),
          'hour',
        )
      : format.format(expired ? -Math.floor(-left / DAY_MS) : Math.ceil(left / DAY_MS), 'day');
  return { expired, soon: !expired && left <= EXPIRY_WARNING_DAYS * DAY_MS, relative };
}

/** "365 days", "365 Tage", "365日" in the reader's language. */
export function formatDays(days: number, language: string): string {
  return numberFormat(language, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days);
}
