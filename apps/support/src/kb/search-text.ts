import { escapeHtml } from '@benchside/server/search-text';

/** ts_headline marks matches with these; control characters never occur in stored article text. */
export const HIGHLIGHT_START = '\u0002';
export const HIGHLIGHT_STOP = '\u0003';

/** A headline with the markers above → escaped HTML whose only tags are `<mark>`. */
export function highlightedHtml(headline: string): string {
  return escapeHtml(headline).replaceAll(HIGHLIGHT_START, '<mark>').replaceAll(HIGHLIGHT_STOP, '</mark>');
}
