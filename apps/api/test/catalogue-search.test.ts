import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SearchHit, searchResultsSchema } from '@benchside/contracts/catalogue';
import { addArticle, saveArticleText } from '@benchside/server/knowledge-base/knowledge-base-store';
import { signIn } from '@benchside/test-kit/sign-in';
import { createUser, type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishRequest } from '../src/catalogue/publish.ts';
import { call } from './accounts-helpers.ts';
import { publishContent } from './catalogue-helpers.ts';

const PASSWORD = 'Search#2026';
let api: RunningApi;
let work: string;
let dataDir: string;
let cookie: string;
let germanCookie: string;

const publish = (name: string, request: Omit<PublishRequest, 'source' | 'name'>) =>
  publishContent(api, work, name, `${name}\n`, request);

async function search(body: Record<string, unknown>, as = cookie) {
  const response = await call(api, 'POST', '/api/forum/post-search', { cookie: as, body });
  expect(response.status).toBe(200);
  return searchResultsSchema.parse(await response.json());
}

const titles = (hits: SearchHit[]) => hits.map((hit) => hit.title);

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'benchside-search-src-'));
  dataDir = await mkdtemp(join(tmpdir(), 'benchside-search-data-'));
  api = await startApi({ env: { DATA_DIR: dataDir, SUPPORT_ENABLED: 'true' } });
  await createUser(api.db, { username: 'searcher', email: 'searcher@example.com', password: PASSWORD });
  cookie = await signIn(api, 'searcher', PASSWORD);
  await createUser(api.db, { username: 'leser', email: 'leser@example.com', password: PASSWORD });
  await api.db.updateTable('users').set({ language: 'de' }).where('username', '=', 'leser').execute();
  germanCookie = await signIn(api, 'leser', PASSWORD);

  // "frp" twice: in the name and in the soft. Publishing the tool also makes the folder "Tools/FRP Tool".
  await publish('frp-remover.bin', {
    kind: 'firmware',
    brand: 'Samsung',
    model: 'SM-A515F',
    soft: 'FRP Tool',
  });
  await publish('unlock-frp-1.0.tgz', { kind: 'tool', soft: 'FRP Tool', version: '1.0', restricted: true });
  // "frp" once each: the folder "FRP Guides", and a file in it.
  await publish('notes-frp.txt', { kind: 'file', folder: 'FRP Guides' });
  await publish('unrelated.txt', { kind: 'file', folder: 'Other' });

  // Titles are searched, bodies are not: the body's many "FRP" must not lift an article.
  await addArticle(api.db, {
    category: 'unlocking',
    title: 'Bypass FRP after an FRP reset',
    markdown: 'Flash the bootloader first.',
  });
  await addArticle(api.db, {
    category: 'unlocking',
    slug: 'removing-frp',
    title: 'Removing FRP',
    markdown: 'FRP FRP FRP FRP FRP FRP: the bootloader again.',
  });
  await addArticle(api.db, {
    category: 'flashing',
    title: 'Flashing basics',
    markdown: 'FRP is explained elsewhere. FRP, FRP.',
  });
  await saveArticleText(api.db, {
    slug: 'removing-frp',
    language: 'de',
    title: 'FRP entfernen',
    markdown: 'Zuerst den Bootloader.',
  });
});

afterAll(async () => {
  await api?.close();
  await rm(work, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

describe('POST /api/forum/post-search', () => {
  it('ranks catalogue names and article titles together, more matching words first', async () => {
    const found = await search({ query: 'frp' });
    expect(titles(found.member)).toEqual([
      // Two occurrences each; ties by title.
      'Bypass FRP after an FRP reset',
      'frp-remover.bin',
      'unlock-frp-1.0.tgz',
      // One occurrence each.
      'FRP Guides',
      'FRP Tool',
      'notes-frp.txt',
      'Removing FRP',
    ]);
    expect(found.totalItems).toBe(7);
    const ranks = found.member.map((hit) => hit.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    // One scale for both sources: the same number of matching words ranks the same.
    expect(new Set(ranks.slice(0, 3)).size).toBe(1);
    expect(new Set(ranks.slice(3)).size).toBe(1);
    expect(ranks[0]).toBeGreaterThan(ranks[3] ?? Number.POSITIVE_INFINITY);
  });

  it('types every hit by kind with what the web app needs to open or download it', async () => {
    const found = await search({ query: 'frp' });
    const byTitle = new Map(found.member.map((hit) => [hit.title, hit]));
    expect(byTitle.get('frp-remover.bin')).toMatchObject({
      kind: 'firmware',
      file: { isDir: false, brand: 'Samsung', model: 'SM-A515F', soft: 'FRP Tool', entitled: true },
    });
    expect(byTitle.get('unlock-frp-1.0.tgz')).toMatchObject({
      kind: 'tool',
      file: { soft: 'FRP Tool', version: '1.0', entitled: false },
    });
    expect(byTitle.get('FRP Guides')).toMatchObject({ kind: 'folder', file: { isDir: true, size: null } });
    expect(byTitle.get('notes-frp.txt')).toMatchObject({ kind: 'file', file: { isDir: false } });
    expect(byTitle.get('Removing FRP')).toEqual({
      kind: 'article',
      title: 'Removing FRP',
      rank: expect.any(Number),
      article: { slug: 'removing-frp', category: 'unlocking', language: 'en' },
    });
    expect(byTitle.get('Bypass FRP after an FRP reset')).toMatchObject({
      kind: 'article',
      article: { slug: 'bypass-frp-after-an-frp-reset', category: 'unlocking', language: 'en' },
    });
  });

  it('pages the merged results within their bounds', async () => {
    const first = await search({ query: 'frp', itemsPerPage: 3 });
    const second = await search({ query: 'frp', itemsPerPage: 3, page: 2 });
    const third = await search({ query: 'frp', itemsPerPage: 3, page: 3 });
    const beyond = await search({ query: 'frp', itemsPerPage: 3, page: 4 });
    expect([first, second, third, beyond].map((page) => page.totalItems)).toEqual([7, 7, 7, 7]);
    expect(titles([...first.member, ...second.member, ...third.member])).toEqual(
      titles((await search({ query: 'frp' })).member),
    );
    expect(third.member).toHaveLength(1);
    expect(beyond.member).toEqual([]);
    for (const body of [{ query: 'frp', page: 0 }, { query: 'frp', itemsPerPage: 101 }, { query: ' ' }]) {
      expect((await call(api, 'POST', '/api/forum/post-search', { cookie, body })).status).toBe(400);
    }
  });

  it('requires every word, each as a prefix, and searches article titles but not their bodies', async () => {
    expect(titles((await search({ query: 'FRP rem' })).member)).toEqual(['frp-remover.bin', 'Removing FRP']);
    expect((await search({ query: 'bootloader' })).totalItems).toBe(0);
    expect(titles((await search({ query: 'flash' })).member)).toEqual(['Flashing basics']);
    expect((await search({ query: '*:& !' })).totalItems).toBe(0);
  });

  it("matches articles in the user's language, else in English", async () => {
    const found = await search({ query: 'frp' }, germanCookie);
    const articles = found.member.filter((hit) => hit.kind === 'article');
    expect(articles.map((hit) => [hit.title, hit.article.language])).toEqual([
      ['Bypass FRP after an FRP reset', 'en'],
      ['FRP entfernen', 'de'],
    ]);
    // The English title of a translated article is not searched for a German reader.
    expect(titles((await search({ query: 'removing' }, germanCookie)).member)).toEqual([]);
    expect(titles((await search({ query: 'entfernen' }, germanCookie)).member)).toEqual(['FRP entfernen']);
  });

  it('leaves articles out while the support pages are switched off', async () => {
    api.config.supportEnabled = false;
    try {
      const found = await search({ query: 'frp' });
      expect(found.member.some((hit) => hit.kind === 'article')).toBe(false);
      expect(found.totalItems).toBe(5);
    } finally {
      api.config.supportEnabled = true;
    }
  });
});
