import { describe, expect, it } from 'vitest';
import { csvRow, csvText } from './csv.ts';

describe('CSV cells', () => {
  it('leaves plain text as it is', () => {
    expect(csvText('Unlock')).toBe('Unlock');
    expect(csvText('SM-A525F')).toBe('SM-A525F');
    expect(csvText('')).toBe('');
  });

  it.each([
    ['=HYPERLINK("http://evil.test","x")', `"'=HYPERLINK(""http://evil.test"",""x"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\r=1', `"'\r=1"`],
  ])('neutralises a cell a spreadsheet would run as a formula: %j', (value, written) => {
    expect(csvText(value)).toBe(written);
  });

  it('quotes a cell with a comma, a quote or a line break and doubles its quotes', () => {
    expect(csvText('Galaxy A54, 5G')).toBe('"Galaxy A54, 5G"');
    expect(csvText('the "Pro" model')).toBe('"the ""Pro"" model"');
    expect(csvText('line one\nline two')).toBe('"line one\nline two"');
    expect(csvText('line one\r\nline two')).toBe('"line one\r\nline two"');
  });

  it('writes numbers as numbers, negative ones too, and null as an empty cell', () => {
    expect(csvRow([-5, 120, null, 'FRP'])).toBe('-5,120,,FRP\r\n');
  });

  it('refuses a number that is not one', () => {
    expect(() => csvRow([Number.NaN])).toThrow(RangeError);
  });
});
