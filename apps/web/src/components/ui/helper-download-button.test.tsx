import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HelperDownloadButton } from './helper-download-button.tsx';

const toasts = vi.hoisted(() => [] as { message: string; kind: string | undefined }[]);
vi.mock('../../lib/notify.ts', () => ({
  notify: (message: string, kind?: string) => toasts.push({ message, kind }),
}));

const LINK = {
  id: 7,
  file: 'SM-G991B_fw.bin',
  url: 'http://127.0.0.1:8080/dl/SM-G991B_fw.bin.torrent?expires=1&signature=x',
  directUrl: 'http://127.0.0.1:8080/dl/SM-G991B_fw.bin?expires=1&signature=x',
  expiresAt: '2026-01-01T00:00:00.000Z',
  soft: 'Benchside Flash',
  sha256: 'a'.repeat(64),
  size: 1_520_000,
  infoHash: 'b'.repeat(40),
  webSeeds: [] as string[],
};

const ITEM = {
  hash: LINK.infoHash,
  name: LINK.file,
  soft: LINK.soft,
  path: '/home/tech/Downloads/Benchside',
  size: 1024,
  downloaded: 0,
  progress: 0,
  downloadSpeed: 0,
  state: 'downloading',
  position: 1,
  eta: null,
};

interface Stack {
  /** The helper's answer to `GET /general/getDownloadFolder`, or null when no helper runs. */
  folder: Response | null;
  link?: Response;
  /** The helper's answer to `POST /downloads/addWebSeeds`. */
  webSeedsAnswer?: Response;
}

/** The main API and a helper on 20051, as the browser's fetch sees them; records every call. */
function stubStack({ folder, link = Response.json(LINK), webSeedsAnswer = Response.json(ITEM) }: Stack) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const path = url.replace(/^http:\/\/127\.0\.0\.1:\d+/, '');
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (url.startsWith('/api/file/get-download-link/')) return link;
      if (folder === null) throw new TypeError('Failed to fetch');
      if (path === '/general/ping') return Response.json({ ok: true, version: '1.0.0' });
      if (path === '/general/getDownloadFolder') return folder;
      if (path === '/downloads/add') {
        addBodies.push(JSON.parse(String(init?.body)));
        return Response.json(ITEM);
      }
      if (path === '/downloads/addWebSeeds') {
        webSeedBodies.push(JSON.parse(String(init?.body)));
        return webSeedsAnswer;
      }
      return new Response(null, { status: 404 });
    }),
  );
  return calls;
}

/** What a download handed to the helper shows. */
const ADDED_TOAST = { message: 'SM-G991B_fw.bin was added to your downloads.', kind: 'success' };
/** The package on a CDN (WEB_SEED_URLS), as get-download-link lists it. */
const EXTRA_WEB_SEEDS = ['https://cdn.example.com/packages/SM-G991B_fw.bin'];
const downloadFolder = () => Response.json({ path: '/home/tech/Downloads/Benchside' });

/** The bodies the page sent to the helper's `/downloads/add`. */
const addBodies: unknown[] = [];
/** The bodies the page sent to the helper's `/downloads/addWebSeeds`. */
const webSeedBodies: unknown[] = [];

async function clickDownload() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <HelperDownloadButton fileId={7} file={LINK.file} entitled />
    </QueryClientProvider>,
  );
  await userEvent.setup().click(screen.getByRole('button', { name: `Download ${LINK.file}` }));
  await expect.poll(() => toasts.length).toBe(1);
  return toasts[0];
}

describe('HelperDownloadButton', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toasts.length = 0;
    addBodies.length = 0;
    webSeedBodies.length = 0;
  });

  it('checks the download folder, then hands the signed link to the helper', async () => {
    const calls = stubStack({ folder: downloadFolder() });
    expect(await clickDownload()).toEqual(ADDED_TOAST);
    expect(calls).toEqual([
      'GET /general/getDownloadFolder',
      'GET /api/file/get-download-link/7',
      'POST /downloads/add',
    ]);
    // What the package must be is the vendor's signed manifest, which the helper fetches itself.
    expect(addBodies).toEqual([{ url: LINK.url, soft: LINK.soft }]);
  });

  it("hands the package's extra web seeds (WEB_SEED_URLS) to the helper after adding it", async () => {
    const calls = stubStack({
      folder: downloadFolder(),
      link: Response.json({ ...LINK, webSeeds: EXTRA_WEB_SEEDS }),
    });
    expect(await clickDownload()).toEqual(ADDED_TOAST);
    expect(calls).toEqual([
      'GET /general/getDownloadFolder',
      'GET /api/file/get-download-link/7',
      'POST /downloads/add',
      'POST /downloads/addWebSeeds',
    ]);
    expect(webSeedBodies).toEqual([{ hash: ITEM.hash, list: EXTRA_WEB_SEEDS }]);
  });

  it('keeps the download when the helper refuses the extra web seeds (their host is not its downloads host)', async () => {
    stubStack({
      folder: downloadFolder(),
      link: Response.json({ ...LINK, webSeeds: EXTRA_WEB_SEEDS }),
      webSeedsAnswer: Response.json(
        { message: "The helper fetches web seeds only from the portal's downloads host" },
        { status: 403 },
      ),
    });
    expect(await clickDownload()).toEqual(ADDED_TOAST);
  });

  it('says the default download folder is not selected, and downloads nothing', async () => {
    const calls = stubStack({ folder: Response.json({ path: '' }) });
    expect(await clickDownload()).toEqual({
      message: 'Default download folder not selected!',
      kind: 'error',
    });
    expect(calls).toEqual(['GET /general/getDownloadFolder']);
  });

  it('says the download folder cannot be loaded when the helper does not answer', async () => {
    const calls = stubStack({ folder: null });
    expect(await clickDownload()).toEqual({ message: 'We cannot load your download folder', kind: 'error' });
    expect(calls).not.toContain('GET /api/file/get-download-link/7');
  });

  it('says the download folder cannot be loaded when the helper answers something else', async () => {
    stubStack({ folder: Response.json({ message: 'Internal error' }, { status: 500 }) });
    expect(await clickDownload()).toEqual({ message: 'We cannot load your download folder', kind: 'error' });
  });

  it("shows the API's reason when it refuses the link", async () => {
    stubStack({
      folder: Response.json({ path: '/downloads' }),
      link: Response.json({ message: 'You do not have access to this file' }, { status: 403 }),
    });
    expect(await clickDownload()).toEqual({ message: 'You do not have access to this file', kind: 'error' });
  });
  it('offers the plain download beside the helper one, with the size and SHA-256 to check it by', async () => {
    const calls = stubStack({ folder: null });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <HelperDownloadButton fileId={7} file={LINK.file} entitled />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: `Download ${LINK.file}` })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: `Download directly: ${LINK.file}` }));

    const dialog = await screen.findByRole('dialog', { name: 'Download directly' });
    const link = await within(dialog).findByRole('link', { name: 'Download file' });
    expect(link.getAttribute('href')).toBe(LINK.directUrl);
    expect(dialog.textContent).toContain('Size1.5 MB');
    expect(dialog.textContent).toContain(`SHA-256${LINK.sha256}`);
    expect(calls).toEqual(['GET /api/file/get-download-link/7']);
  });

  it('on a phone offers only the plain download, in words', () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <HelperDownloadButton fileId={7} file={LINK.file} entitled />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: `Download directly: ${LINK.file}` }).textContent).toBe(
      'Download directly',
    );
    expect(screen.queryByRole('button', { name: `Download ${LINK.file}` })).toBeNull();
  });
});
