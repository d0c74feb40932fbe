import { createElement, type ReactNode } from 'react';

/** The elements Markdown renders to; anything else is dropped with its content kept as text. */
const ALLOWED_TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  's',
  'code',
  'pre',
  'blockquote',
  'hr',
  'br',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);
const VOID_TAGS = new Set(['hr', 'br', 'img']);
const SAFE_URL = /^(?:https?:|mailto:|\/|#)/i;

function attributesOf(element: Element, key: string): Record<string, string> {
  const props: Record<string, string> = { key };
  const tag = element.localName;
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    if (SAFE_URL.test(href)) props.href = href;
    if (/^https?:/i.test(href)) {
      props.target = '_blank';
      props.rel = 'noopener noreferrer';
    }
  }
  if (tag === 'img') {
    const src = element.getAttribute('src') ?? '';
    if (/^https?:|^\//i.test(src)) props.src = src;
    props.alt = element.getAttribute('alt') ?? '';
  }
  if (tag === 'ol' && element.getAttribute('start')) props.start = element.getAttribute('start') ?? '';
  return props;
}

function toReact(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const children = Array.from(element.childNodes, (child, index) => toReact(child, `${key}.${index}`));
  if (!ALLOWED_TAGS.has(element.localName)) return children;
  if (VOID_TAGS.has(element.localName)) return createElement(element.localName, attributesOf(element, key));
  return createElement(element.localName, attributesOf(element, key), ...children);
}

/**
 * An article's HTML (rendered from Markdown by the support service, raw HTML escaped there) turned
 * into React elements through an allow-list of tags and attributes: a second, client-side guard,
 * and no `innerHTML` anywhere.
 */
export function ArticleBody({ html }: { html: string }) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return (
    <div className="kb-article">
      {Array.from(body.childNodes, (node, index) => toReact(node, String(index)))}
    </div>
  );
}
