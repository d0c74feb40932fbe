import { describe, expect, it } from 'vitest';
import { escapeHtml, toPrefixQuery } from './search-text.ts';

describe('toPrefixQuery', () => {
  it('makes every lower-cased word a prefix for names, with the weights asked for', () => {
    expect(toPrefixQuery('G991 FW', { prefix: 'every', fold: 'lowercase' })).toBe('g991:* & fw:*');
    expect(toPrefixQuery('g991 fw', { prefix: 'every', fold: 'lowercase', weights: 'A' })).toBe(
      'g991:*A & fw:*A',
    );
  });

  it('makes only the last word a prefix while it is being typed, after NFKC', () => {
    expect(toPrefixQuery('Ｆｌａｓｈ fail', { prefix: 'last', fold: 'nfkc' })).toBe('Flash & fail:*');
  });

  it('keeps only letters and digits, at most eight words, and null when none is left', () => {
    expect(toPrefixQuery("a:*|b & !c ('d')", { prefix: 'last', fold: 'nfkc' })).toBe('a & b & c & d:*');
    expect(
      toPrefixQuery('1 2 3 4 5 6 7 8 9', { prefix: 'every', fold: 'lowercase' })?.split(' & '),
    ).toHaveLength(8);
    expect(toPrefixQuery(' -- ', { prefix: 'every', fold: 'lowercase' })).toBeNull();
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });
});
