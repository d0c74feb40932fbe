const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const decodeEntities = (text: string) =>
  text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

interface Part {
  offset: number;
  text: string;
  marked: boolean;
}

/** Splits at the `<mark>` tags; each part is keyed by where it starts in the string. */
function partsOf(html: string): Part[] {
  const parts: Part[] = [];
  let offset = 0;
  let marked = false;
  for (const match of html.matchAll(/<\/?mark>/g)) {
    parts.push({ offset, text: decodeEntities(html.slice(offset, match.index)), marked });
    offset = match.index + match[0].length;
    marked = match[0] === '<mark>';
  }
  parts.push({ offset, text: decodeEntities(html.slice(offset)), marked });
  return parts.filter((part) => part.text !== '');
}

/**
 * The search's `titleHtml`/`snippetHtml` (escaped text with `<mark>` around matches) as React
 * text and `<mark>` elements: nothing from the server is ever parsed as HTML here.
 */
export function HighlightedText({ html }: { html: string }) {
  return (
    <>
      {partsOf(html).map((part) =>
        part.marked ? <mark key={part.offset}>{part.text}</mark> : <span key={part.offset}>{part.text}</span>,
      )}
    </>
  );
}
