/** The units the speed limit is typed in, as the list shows speeds: 1 MB/s = 1000 KB/s. */
export type LimitUnit = 'KB' | 'MB';

const KB_PER_UNIT: Record<LimitUnit, number> = { KB: 1, MB: 1000 };

/** A limit in whole KB/s (the helper's setting) as the form shows it: whole megabytes in MB. */
export function limitFromKBps(kbps: number): { amount: number; unit: LimitUnit } {
  if (kbps > 0 && kbps % KB_PER_UNIT.MB === 0) return { amount: kbps / KB_PER_UNIT.MB, unit: 'MB' };
  return { amount: kbps, unit: 'KB' };
}

/**
 * What the technician typed, in whole KB/s; null when it is not a number of at least 0. A comma
 * is read as the decimal separator too ("1,5" MB/s in German or French); empty means no limit.
 */
export function limitToKBps(typed: string, unit: LimitUnit): number | null {
  const text = typed.trim().replace(',', '.');
  if (text === '') return 0;
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  return Math.round(Number(text) * KB_PER_UNIT[unit]);
}
