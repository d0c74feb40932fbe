/**
 * CSV as spreadsheets read it (RFC 4180), safe to open: a text cell a spreadsheet would run as a
 * formula (OWASP "CSV injection": one starting with `=`, `+`, `-`, `@`, a tab or a carriage return)
 * gets a leading `'`, so it shows as the text it is. Numbers are the writer's own and go as they are,
 * which keeps a negative amount a number.
 */

export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One text cell: neutralised when it could run as a formula, quoted when it holds `"`, `,` or a line break. */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, CRLF-terminated; null is an empty cell. */
export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells
    .map((cell) => {
      if (cell === null) return '';
      if (typeof cell === 'number') {
        if (!Number.isFinite(cell)) throw new RangeError(`Not a CSV number: ${cell}`);
        return String(cell);
      }
      return csvText(cell);
    })
    .join(',')}\r\n`;
}
