const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * An amount of bytes in the largest unit it fills, counting in thousands as download sizes are
 * shown, or with `base` 1024 as file managers show a file's size.
 */
export function scaleBytes(
  bytes: number,
  base: 1000 | 1024 = 1000,
): { value: number; unit: (typeof BYTE_UNITS)[number] } {
  let value = bytes;
  let index = 0;
  while (value >= base && index < BYTE_UNITS.length - 1) {
    value /= base;
    index++;
  }
  return { value, unit: BYTE_UNITS[index] ?? 'byte' };
}

function formatScaled(bytes: number, language: string, base: 1000 | 1024): string {
  const { value, unit } = scaleBytes(bytes, base);
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'byte' ? 0 : 1,
  }).format(value);
}

/** "1.5 MB" in the reader's language. */
export function formatBytes(bytes: number, language: string): string {
  return formatScaled(bytes, language, 1000);
}

/** The size of a file the user attaches, in units of 1024 as their file manager shows it. */
export function formatFileSize(bytes: number, language: string): string {
  return formatScaled(bytes, language, 1024);
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
