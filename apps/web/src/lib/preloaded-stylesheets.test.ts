import { afterEach, describe, expect, it } from 'vitest';
import { applyPreloadedStylesheets, PRELOADED_STYLESHEET_ATTRIBUTE } from './preloaded-stylesheets.ts';

function preload(href: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'style';
  link.crossOrigin = '';
  link.href = href;
  link.setAttribute(PRELOADED_STYLESHEET_ATTRIBUTE, '');
  document.head.append(link);
  return link;
}

const appliedStylesheets = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];

describe('the entry’s preloaded stylesheets', () => {
  afterEach(() => {
    document.head.replaceChildren();
  });

  it('are applied in place of their preloads, and the promise waits until each has loaded', async () => {
    preload('/assets/index-a.css');
    let settled = false;
    const applied = applyPreloadedStylesheets(document).then(() => {
      settled = true;
    });
    const stylesheets = appliedStylesheets();
    expect(stylesheets.map((link) => new URL(link.href).pathname)).toEqual(['/assets/index-a.css']);
    // Fetched like its preload (CORS, no credentials), so the preloaded answer is the one used.
    expect(stylesheets[0]?.getAttribute('crossorigin')).toBe('');
    expect(document.querySelector(`link[${PRELOADED_STYLESHEET_ATTRIBUTE}]`)).toBeNull();
    await Promise.resolve();
    expect(settled).toBe(false);
    stylesheets[0]?.dispatchEvent(new Event('load'));
    await applied;
    expect(settled).toBe(true);
  });

  it('let the page go on when a stylesheet fails, as a failed link would', async () => {
    preload('/assets/missing.css');
    const applied = applyPreloadedStylesheets(document);
    appliedStylesheets()[0]?.dispatchEvent(new Event('error'));
    await expect(applied).resolves.toBeUndefined();
  });

  it('resolve at once when there are none (the development server injects its styles itself)', async () => {
    await expect(applyPreloadedStylesheets(document)).resolves.toBeUndefined();
    expect(appliedStylesheets()).toEqual([]);
  });
});
