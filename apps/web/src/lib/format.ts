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
  return new Intl.NumberFormat(language, {
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
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/** "12 Mar 2026, 14:05" in the reader's language; a value that is not a date is shown as it came. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A calendar day (`2024-05-20`) in the reader's language, the same day wherever the reader is. */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
