/** ts_headline marks matches with these; control characters never occur in stored article text. */
export const HIGHLIGHT_START = '\u0002';
export const HIGHLIGHT_STOP = '\u0003';

const MAX_TERMS = 8;

/**
 * What the user typed → a `to_tsquery` text: every word must occur, the last one as a prefix
 * because it is usually still being typed. Only letters and digits are kept, so the query syntax
 * (`&`, `|`, `!`, `:`, parentheses) can never be injected. Null when no word is left.
 */
export function toPrefixQuery(typed: string): string | null {
  const words = (typed.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
  if (words.length === 0) return null;
  return words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(' & ');
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A headline with the markers above → escaped HTML whose only tags are `<mark>`. */
export function highlightedHtml(headline: string): string {
  return escapeHtml(headline).replaceAll(HIGHLIGHT_START, '<mark>').replaceAll(HIGHLIGHT_STOP, '</mark>');
}
