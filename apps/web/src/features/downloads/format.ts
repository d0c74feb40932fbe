import { numberFormat } from '../../lib/format.ts';

/** Time left, in the largest unit that reads well: "45 sec", "12 min", "1.5 hr". */
export function formatEta(seconds: number, language: string): string {
  const [value, unit] =
    seconds < 90
      ? [seconds, 'second']
      : seconds < 90 * 60
        ? [seconds / 60, 'minute']
        : [seconds / 3600, 'hour'];
  return numberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'hour' ? 1 : 0,
  }).format(Math.max(0, unit === 'hour' ? value : Math.ceil(value)));
}
