import { CURRENT_USER_READ } from '@benchside/contracts/page-reads';
import { afterEach, describe, expect, it, vi } from 'vitest';

const { fetchMock } = vi.hoisted(() => ({
  fetchMock: vi.fn(async (_url: string, _init?: RequestInit) => new Response('null', { status: 200 })),
}));
vi.stubGlobal('fetch', fetchMock);

const { getCurrentUser, hasSignedInHint } = await import('./auth.ts');

describe('hasSignedInHint', () => {
  it('finds the hint cookie among others', () => {
    expect(hasSignedInHint('theme=dark; bs_signed_in=1')).toBe(true);
    expect(hasSignedInHint('bs_signed_in=1')).toBe(true);
  });

  it('is false without it, so a signed-out visitor never waits for GET /api/me', () => {
    expect(hasSignedInHint('')).toBe(false);
    expect(hasSignedInHint('bs_signed_in=')).toBe(false);
    expect(hasSignedInHint('not_bs_signed_in=1')).toBe(false);
  });
});

/** The hint as the API sets it: a cookie the page reads through document.cookie. */
function setHintCookie(value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the web app reads the hint from document.cookie.
  document.cookie = value;
}

describe('getCurrentUser', () => {
  afterEach(() => {
    setHintCookie('bs_signed_in=; max-age=0');
    fetchMock.mockClear();
  });

  it('with the hint, asks for the URL the portal preloads with every signed-in page', async () => {
    setHintCookie('bs_signed_in=1');
    await getCurrentUser();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([CURRENT_USER_READ]);
  });

  it('without it, asks nothing', async () => {
    expect(await getCurrentUser()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
