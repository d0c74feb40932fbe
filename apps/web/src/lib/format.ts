const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** An amount of bytes in the largest unit it fills, counting in thousands as download sizes are shown. */
export function scaleBytes(bytes: number): { value: number; unit: (typeof BYTE_UNITS)[number] } {
  let value = bytes;
  let index = 0;
  while (value >= 1000 && index < BYTE_UNITS.length - 1) {
    value /= 1000;
    index++;
  }
  return { value, unit: BYTE_UNITS[index] ?? 'byte' };
}

/** "1.5 MB" in the reader's language. */
export function formatBytes(bytes: number, language: string): string {
  const { value, unit } = scaleBytes(bytes);
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'byte' ? 0 : 1,
  }).format(value);
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
