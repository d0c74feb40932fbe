import MarkdownIt from 'markdown-it';

/**
 * Articles are Markdown written by operators, shown inside the portal. `html: false` makes the
 * renderer escape any raw HTML instead of passing it through, and markdown-it's link check refuses
 * `javascript:`, `vbscript:`, `file:` and non-image `data:` URLs, so no script can reach the page.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

// Links leave the portal in a new tab without handing it a window.opener.
const renderLinkOpen = markdown.renderer.rules.link_open;
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  if (token && /^https?:/i.test(String(token.attrGet('href') ?? ''))) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return renderLinkOpen
    ? renderLinkOpen(tokens, index, options, env, self)
    : self.renderToken(tokens, index, options);
};

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };
// Control characters would clash with the highlight markers of search snippets.
const CONTROL_CHARACTER = /\p{Cc}/gu;
const KEPT_CONTROL_CHARACTERS = new Set(['\n', '\r', '\t']);

export interface RenderedMarkdown {
  /** Safe to insert as HTML. */
  html: string;
  /** The words alone, for the full-text index and search snippets. */
  text: string;
}

export function renderMarkdown(source: string): RenderedMarkdown {
  const html = markdown.render(
    source.replace(CONTROL_CHARACTER, (character) =>
      KEPT_CONTROL_CHARACTERS.has(character) ? character : '',
    ),
  );
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:amp|lt|gt|quot);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
  return { html, text };
}

/** `Battery won't charge` → `battery-won-t-charge`. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}
