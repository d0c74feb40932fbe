const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

function scaled(bytes: number): { value: number; unit: (typeof BYTE_UNITS)[number] } {
  let value = bytes;
  let index = 0;
  while (value >= 1000 && index < BYTE_UNITS.length - 1) {
    value /= 1000;
    index++;
  }
  return { value, unit: BYTE_UNITS[index] ?? 'byte' };
}

/** A size in the reader's language: "1.5 GB", "1,5 Go", "1.5 GB"… (decimal units, as disks are sold). */
export function formatBytes(bytes: number, language: string): string {
  const { value, unit } = scaled(bytes);
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'byte' ? 0 : 1,
  }).format(value);
}

/** A transfer rate: "12.3 MB/s" in the reader's language. */
export function formatSpeed(bytesPerSecond: number, language: string): string {
  const { value, unit } = scaled(bytesPerSecond);
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: `${unit}-per-second`,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'byte' ? 0 : 1,
  }).format(value);
}

/** Time left, in the largest unit that reads well: "45 sec", "12 min", "1.5 hr". */
export function formatEta(seconds: number, language: string): string {
  const [value, unit] =
    seconds < 90
      ? [seconds, 'second']
      : seconds < 90 * 60
        ? [seconds / 60, 'minute']
        : [seconds / 3600, 'hour'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'hour' ? 1 : 0,
  }).format(Math.max(0, unit === 'hour' ? value : Math.ceil(value)));
}
