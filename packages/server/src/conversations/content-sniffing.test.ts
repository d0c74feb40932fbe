import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES, sniffContentType } from './content-sniffing.ts';
import { subjectFromBody } from './conversations.ts';
import { cleanFileName } from './uploads.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('sniffContentType', () => {
  it('recognises the accepted signatures', () => {
    expect(sniffContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), true)).toBe('image/png');
    expect(sniffContentType(bytes(0xff, 0xd8, 0xff, 0xdb), true)).toBe('image/jpeg');
    expect(sniffContentType(text('GIF89a\x01\x00'), true)).toBe('image/gif');
    expect(sniffContentType(text('RIFF\x10\x00\x00\x00WEBPVP8 '), true)).toBe('image/webp');
    expect(sniffContentType(text('%PDF-1.4'), true)).toBe('application/pdf');
    expect(sniffContentType(bytes(0x50, 0x4b, 0x05, 0x06, 0, 0), true)).toBe('application/zip');
  });

  it('takes UTF-8 text with tabs, line breaks and colour escapes as plain text', () => {
    expect(sniffContentType(text('12:00\tok\r\n\x1b[31mfail\x1b[0m ✓\n'), true)).toBe('text/plain');
  });

  it('refuses programs, other binaries, invalid UTF-8 and empty files', () => {
    expect(sniffContentType(bytes(0x4d, 0x5a, 0x90, 0x00), true)).toBeNull();
    expect(sniffContentType(bytes(0x7f, 0x45, 0x4c, 0x46), true)).toBeNull();
    expect(sniffContentType(bytes(0x61, 0xc3), true)).toBeNull();
    expect(sniffContentType(text('RIFF\x10\x00\x00\x00WAVE'), true)).toBeNull();
    expect(sniffContentType(new Uint8Array(0), true)).toBeNull();
  });

  it('forgives a character cut by the end of the sample of a longer file', () => {
    const sample = text(`${'a'.repeat(SNIFF_BYTES - 1)}é`).subarray(0, SNIFF_BYTES);
    expect(sniffContentType(sample, false)).toBe('text/plain');
    expect(sniffContentType(sample, true)).toBeNull();
  });
});

describe('subjectFromBody', () => {
  it('takes the first line, cut at 120 characters', () => {
    expect(subjectFromBody('  Reader gone\nmore text')).toBe('Reader gone');
    const subject = subjectFromBody('x'.repeat(200));
    expect([...subject]).toHaveLength(120);
    expect(subject.endsWith('…')).toBe(true);
  });
});

describe('cleanFileName', () => {
  it('keeps only a harmless last segment', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\logs\\run.log')).toBe('run.log');
    expect(cleanFileName('a\u0000b<c>.txt')).toBe('a_b_c_.txt');
    expect(cleanFileName('...hidden')).toBe('hidden');
    expect(cleanFileName('')).toBe('attachment');
    expect(cleanFileName(undefined)).toBe('attachment');
  });
});
