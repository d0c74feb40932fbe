/**
 * The text helpers the catalogue and knowledge-base searches share: the words of a search turned
 * into a `to_tsquery` text, and HTML escaping for what they (and the mails) show.
 */

const MAX_TERMS = 8;

export interface PrefixQueryOptions {
  /**
   * `every`: each word matches as a prefix, for names ("g991 fw" finds "SM-G991B_fw.bin");
   * `last`: only the last word does, because it is usually still being typed.
   */
  prefix: 'every' | 'last';
  /**
   * How the text is folded before its words are taken: `lowercase` for the catalogue's unweighted
   * 'simple' vectors, `nfkc` so full-width and compatibility forms match an article's text.
   */
  fold: 'lowercase' | 'nfkc';
  /** Lexeme weights every prefix is restricted to (e.g. 'A', an article's title). */
  weights?: string;
}

/**
 * What the user typed → a `to_tsquery` text in which every word must occur. Only letters and
 * digits are kept, so the query syntax (`&`, `|`, `!`, `:`, parentheses) can never be injected.
 * Null when no word is left.
 */
export function toPrefixQuery(typed: string, options: PrefixQueryOptions): string | null {
  const folded = options.fold === 'lowercase' ? typed.toLowerCase() : typed.normalize('NFKC');
  const words = (folded.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
  if (words.length === 0) return null;
  const prefix = `:*${options.weights ?? ''}`;
  return words
    .map((word, index) =>
      options.prefix === 'every' || index === words.length - 1 ? `${word}${prefix}` : word,
    )
    .join(' & ');
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
