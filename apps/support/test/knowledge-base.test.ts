import {
  kbArticleSchema,
  kbCategoriesSchema,
  kbSearchResultSchema,
} from '@benchside/contracts/knowledge-base';
import type { App } from '@benchside/server/create-server';
import { seedKnowledgeBase } from '@benchside/server/knowledge-base/demo-knowledge-base';
import { addArticle } from '@benchside/server/knowledge-base/knowledge-base-store';
import {
  createUser,
  postJson,
  type RunningApi,
  sessionCookie,
  startApi,
} from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSupport } from './start-support.ts';

describe('knowledge base on the support service', () => {
  let api: RunningApi;
  let support: App;
  let supportUrl: string;
  let cookie: string;
  const portalOrigin = 'http://127.0.0.1:8080';

  beforeAll(async () => {
    api = await startApi();
    ({ app: support, url: supportUrl } = await startSupport(api));
    await createUser(api.db, { username: 'kbtech', email: 'kb@example.test', password: 'Tech#Pass123' });
    await seedKnowledgeBase(api.db);
    await addArticle(api.db, {
      category: 'troubleshooting',
      slug: 'hostile-markup',
      title: 'Screen <b>flicker</b>',
      markdown:
        'A screen flicker <script>alert(1)</script> [click](javascript:alert(1)) <img src=x onerror=alert(1)>',
    });
    const login = await postJson(`${api.url}/api/login`, { username: 'kbtech', password: 'Tech#Pass123' });
    cookie = sessionCookie(login) ?? '';
  });
  afterAll(async () => {
    await support.close();
    await api.close();
  });

  const headers = () => ({ cookie, origin: portalOrigin });
  const search = async (body: Record<string, unknown>) => {
    const response = await postJson(`${supportUrl}/kb/search`, body, headers());
    expect(response.status).toBe(200);
    return kbSearchResultSchema.parse(await response.json());
  };

  it('answers 401 without the portal cookie', async () => {
    expect((await fetch(`${supportUrl}/kb/get-categories`)).status).toBe(401);
    expect(
      (await postJson(`${supportUrl}/kb/search`, { query: 'card' }, { origin: portalOrigin })).status,
    ).toBe(401);
    expect((await fetch(`${supportUrl}/kb/articles/first-sign-in`)).status).toBe(401);
  });

  it('lists the categories with their article counts, named in the asked language', async () => {
    const response = await fetch(`${supportUrl}/kb/get-categories?language=de`, { headers: headers() });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(portalOrigin);
    const categories = kbCategoriesSchema.parse(await response.json());
    expect(categories.member.map((category) => category.slug)).toEqual([
      'getting-started',
      'smart-cards',
      'helper',
      'troubleshooting',
    ]);
    expect(categories.member[1]).toEqual({ slug: 'smart-cards', name: 'Smartcards', articleCount: 3 });
    const english = kbCategoriesSchema.parse(
      await (await fetch(`${supportUrl}/kb/get-categories`, { headers: headers() })).json(),
    );
    expect(english.member[1]?.name).toBe('Smart cards');
  });

  it('ranks a title match above body matches and highlights the matched words', async () => {
    const result = await search({ query: 'battery' });
    expect(result.totalItems).toBe(2);
    expect(result.member.map((hit) => hit.slug)).toEqual([
      'phone-battery-not-charging',
      'firmware-flash-failed',
    ]);
    const [first, second] = result.member;
    expect(first?.rank).toBeGreaterThan(second?.rank ?? 0);
    expect(first?.titleHtml).toBe('Phone <mark>battery</mark> not charging after a repair');
    expect(second?.snippetHtml).toContain('<mark>battery</mark>');
    expect(second?.titleHtml).toBe('Firmware flash failed');
  });

  it('finds words as they are typed (the last word as a prefix) and stems English words', async () => {
    const typed = await search({ query: 'activ' });
    expect(typed.member[0]?.slug).toBe('activate-a-smart-card');
    const stemmed = await search({ query: 'cards detected' });
    expect(stemmed.member.map((hit) => hit.slug)).toContain('card-not-detected');
  });

  it('searches the user’s language where an article is translated, English elsewhere', async () => {
    const german = await search({ query: 'Akku', language: 'de' });
    expect(german.member.map((hit) => [hit.slug, hit.language])).toEqual([
      ['phone-battery-not-charging', 'de'],
    ]);
    expect(german.member[0]?.titleHtml).toContain('<mark>');

    // The translated article is searched in German only; the untranslated one falls back to English.
    const fallback = await search({ query: 'battery', language: 'de' });
    expect(fallback.member.map((hit) => [hit.slug, hit.language])).toEqual([['firmware-flash-failed', 'en']]);

    const browse = await search({ category: 'smart-cards', language: 'de' });
    expect(browse.totalItems).toBe(3);
    expect(browse.member.map((hit) => [hit.title, hit.language])).toEqual([
      ['Card reader does not detect the card', 'en'],
      ['Eine Smartcard aktivieren', 'de'],
      ['Transfer credits between cards', 'en'],
    ]);
  });

  it('takes the user’s stored language when the request names none', async () => {
    await api.db.updateTable('users').set({ language: 'fr' }).where('username', '=', 'kbtech').execute();
    const result = await search({ query: 'carte' });
    expect(result.member[0]).toMatchObject({ slug: 'activate-a-smart-card', language: 'fr' });
    await api.db.updateTable('users').set({ language: 'en' }).where('username', '=', 'kbtech').execute();
  });

  it('pages the results and refuses page sizes outside 1..100', async () => {
    const all = await search({ query: '', itemsPerPage: 100 });
    expect(all.totalItems).toBe(10);
    const second = await search({ itemsPerPage: 4, page: 2 });
    expect(second.totalItems).toBe(10);
    expect(second.member.map((hit) => hit.slug)).toEqual(all.member.slice(4, 8).map((hit) => hit.slug));
    const beyond = await search({ itemsPerPage: 4, page: 9 });
    expect(beyond).toEqual({ member: [], totalItems: 10 });

    for (const body of [
      { itemsPerPage: 0 },
      { itemsPerPage: 101 },
      { page: 0 },
      { query: 'x'.repeat(201) },
    ]) {
      const response = await postJson(`${supportUrl}/kb/search`, body, headers());
      expect(response.status).toBe(400);
      const error = (await response.json()) as { violations: Array<{ propertyPath: string }> };
      expect(error.violations[0]?.propertyPath).toBe(Object.keys(body)[0]);
    }
  });

  it('finds nothing for punctuation and cannot be fed tsquery syntax', async () => {
    expect(await search({ query: '!!! ()' })).toEqual({ member: [], totalItems: 0 });
    const operators = await search({ query: "helper & | ! :* ' offline" });
    expect(operators.member.map((hit) => hit.slug)).toEqual(['helper-offline']);
  });

  it('escapes article text in highlights and renders Markdown without raw HTML', async () => {
    const result = await search({ query: 'flicker' });
    expect(result.member[0]?.titleHtml).toBe('Screen &lt;b&gt;<mark>flicker</mark>&lt;/b&gt;');
    expect(result.member[0]?.snippetHtml).not.toMatch(/<(?!\/?mark>)/);

    const response = await fetch(`${supportUrl}/kb/articles/hostile-markup`, { headers: headers() });
    const article = kbArticleSchema.parse(await response.json());
    expect(article.html).toContain('&lt;script&gt;');
    expect(article.html).not.toMatch(/<script|<img|href="javascript/i);
  });

  it('shows an article in the asked language, else in English, and 404 for an unknown one', async () => {
    const german = kbArticleSchema.parse(
      await (
        await fetch(`${supportUrl}/kb/articles/activate-a-smart-card?language=de`, { headers: headers() })
      ).json(),
    );
    expect(german).toMatchObject({
      slug: 'activate-a-smart-card',
      language: 'de',
      languages: ['de', 'en', 'fr'],
      title: 'Eine Smartcard aktivieren',
      category: { slug: 'smart-cards', name: 'Smartcards' },
    });
    expect(german.html).toContain('<strong>Karten</strong>');

    const japanese = kbArticleSchema.parse(
      await (
        await fetch(`${supportUrl}/kb/articles/activate-a-smart-card?language=ja`, { headers: headers() })
      ).json(),
    );
    expect(japanese).toMatchObject({
      language: 'en',
      title: 'Activate a smart card',
      category: { name: 'スマートカード' },
    });

    expect((await fetch(`${supportUrl}/kb/articles/no-such-article`, { headers: headers() })).status).toBe(
      404,
    );
    expect((await fetch(`${supportUrl}/kb/articles/Bad%20Slug`, { headers: headers() })).status).toBe(400);
    expect(
      (await fetch(`${supportUrl}/kb/articles/first-sign-in?language=xx`, { headers: headers() })).status,
    ).toBe(400);
  });

  it('refuses a search from a foreign origin and grants it no CORS', async () => {
    const response = await postJson(
      `${supportUrl}/kb/search`,
      { query: 'card' },
      { cookie, origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const read = await fetch(`${supportUrl}/kb/get-categories`, {
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });
});
