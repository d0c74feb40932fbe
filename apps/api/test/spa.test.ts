import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { clientConfigSchema } from '@benchside/contracts/client-config';
import { type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const THEME_SCRIPT = "document.documentElement.dataset.bsTheme='light'";
/** The built page preloads the sign-in route's chunk beside the entry, one tag a line as Vite writes it. */
const SIGN_IN_PRELOAD =
  '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/sign-in-Jkl012.js">';
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>Benchside</title>
<script>${THEME_SCRIPT}</script><script type="module" src="/assets/app-Abc123.js"></script>
    ${SIGN_IN_PRELOAD}
</head>
<body><div id="root"></div></body></html>`;
const APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;
/**
 * Vite's manifest of that build: the sign-in route's chunk and the master layout's, which imports
 * the entry and a shared chunk.
 */
const MANIFEST = {
  'index.html': { file: 'assets/app-Abc123.js', name: 'index', isEntry: true },
  '_sign-in-Jkl012.js': { file: 'assets/sign-in-Jkl012.js', name: 'sign-in', imports: ['index.html'] },
  '_shared-Def456.js': { file: 'assets/shared-Def456.js', name: 'shared', imports: ['index.html'] },
  '_master-layout-Ghi789.js': {
    file: 'assets/master-layout-Ghi789.js',
    name: 'master-layout',
    imports: ['index.html', '_shared-Def456.js'],
  },
};

/** fetch() would undo the content encoding; the test needs the bytes as sent. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}

/** The folder of a new web build of its own: the page, and an empty assets folder. */
async function newWebBuild(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'benchside-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX_HTML);
  return dist;
}

describe('serving the built web app', () => {
  let api: RunningApi;
  let dist: string;

  beforeAll(async () => {
    dist = await newWebBuild();
    await writeFile(join(dist, 'assets', 'app-Abc123.js'), APP_JS);
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await mkdir(join(dist, '.vite'));
    await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    api = await startApi({
      webDistDir: dist,
      env: {
        CONTACT_EMAIL: 'privacy@example.test',
        WHERE_TO_BUY_URL: 'https://shop.example.test/</script><b>',
      },
    });
  });
  afterAll(async () => {
    await api.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers app routes with index.html carrying the client configuration', async () => {
    for (const path of ['/', '/auth/login', '/cards/12', '/error/404']) {
      const response = await fetch(`${api.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const html = await response.text();
      const block = /<script type="application\/json" id="benchside-config">(.*?)<\/script>/.exec(html);
      expect(block).not.toBeNull();
      const config = clientConfigSchema.parse(JSON.parse(block?.[1] ?? ''));
      expect(config).toMatchObject({
        contactEmail: 'privacy@example.test',
        whereToBuyUrl: 'https://shop.example.test/</script><b>',
        supportEnabled: false,
        languageStorageKey: 'selectedLang',
        // Spec §7/§9's ports; the deployment's own when it sets HELPER_PORTS (as its CSP allows).
        helperPorts: [20051, 20052, 20053, 20054],
      });
      // The `<` of the URL is escaped, so the value cannot close the script element.
      expect(block?.[1]).not.toContain('<');
    }
  });

  it('allows exactly the page’s own inline script in its content security policy', async () => {
    const response = await fetch(`${api.url}/auth/login`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain(`connect-src 'self' http://127.0.0.1:8081 http://127.0.0.1:20051`);
    expect(csp).toContain('http://127.0.0.1:20054');
    expect(csp).toContain("frame-ancestors 'none'");
  });

  describe("a signed-in visitor's page starts its first reads with the HTML", () => {
    const SIGNED_IN = { cookie: 'theme=dark; bs_signed_in=1' };
    const modulePreloadsOf = (html: string) => html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    const preloadsOf = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((match) =>
        (match[1] ?? '').replaceAll('&amp;', '&'),
      );

    it.each(['/cards', '/cards/'])('%s: the user and the cards overview’s four lists', async (path) => {
      const response = await fetch(`${api.url}${path}`, { headers: SIGNED_IN });
      expect(preloadsOf(await response.text())).toEqual([
        '/api/me',
        '/api/cards?itemsPerPage=100',
        '/api/user-credit-subscriptions?page=1&itemsPerPage=10',
        '/api/user-crd-logs?page=1&itemsPerPage=10',
        '/api/card-assigned-logs?page=1&itemsPerPage=10',
      ]);
    });

    it.each(['/notifications', '/files/', '/supported-models'])(
      '%s: the user and the page’s own first reads',
      async (path) => {
        const response = await fetch(`${api.url}${path}`, { headers: SIGNED_IN });
        const preloads = preloadsOf(await response.text());
        expect(preloads[0]).toBe('/api/me');
        expect(preloads.length).toBeGreaterThan(1);
      },
    );

    it.each(['/', '/cards/add', '/cards?from=mail', '/files?parent=12', '/auth/login'])(
      '%s: the user only, its page asks for its own',
      async (path) => {
        const response = await fetch(`${api.url}${path}`, { headers: SIGNED_IN });
        expect(preloadsOf(await response.text())).toEqual(['/api/me']);
      },
    );

    it.each(['/cards', '/notifications', '/', '/cards?from=mail'])(
      '%s: the master layout’s chunks instead of the sign-in route’s, asked for below the page (decisions 147, 149)',
      async (path) => {
        const response = await fetch(`${api.url}${path}`, { headers: SIGNED_IN });
        expect(modulePreloadsOf(await response.text())).toEqual([
          '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/master-layout-Ghi789.js">',
          '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/shared-Def456.js">',
        ]);
      },
    );

    it('a visitor without the hint gets none, and every form is told apart by the cookie', async () => {
      const withoutHint: Record<string, string>[] = [
        {},
        { cookie: 'bs_signed_in=0' },
        { cookie: 'not_bs_signed_in=1' },
      ];
      for (const headers of withoutHint) {
        const response = await fetch(`${api.url}/cards`, { headers });
        const html = await response.text();
        expect(preloadsOf(html)).toEqual([]);
        expect(modulePreloadsOf(html)).toEqual([SIGN_IN_PRELOAD]);
        expect(response.headers.get('vary')).toMatch(/\bCookie\b/);
      }
      const signedIn = await fetch(`${api.url}/cards`, { headers: SIGNED_IN });
      const signedOut = await fetch(`${api.url}/cards`);
      expect(signedIn.headers.get('vary')).toMatch(/\bCookie\b/);
      expect(signedIn.headers.get('etag')).not.toBe(signedOut.headers.get('etag'));
      expect(signedIn.headers.get('content-security-policy')).toBe(
        signedOut.headers.get('content-security-policy'),
      );
      const revalidated = await fetch(`${api.url}/cards`, {
        headers: { ...SIGNED_IN, 'if-none-match': signedIn.headers.get('etag') ?? '' },
      });
      expect(revalidated.status).toBe(304);
    });
  });

  it('serves hashed assets pre-compressed with long-lived caching', async () => {
    const brotli = await rawGet(`${api.url}/assets/app-Abc123.js`, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers['content-type']).toMatch(/^text\/javascript/);
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(APP_JS);

    const gzip = await rawGet(`${api.url}/assets/app-Abc123.js`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(APP_JS);

    const plain = await rawGet(`${api.url}/assets/app-Abc123.js`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(APP_JS);

    const etag = gzip.headers.etag ?? '';
    const revalidated = await fetch(`${api.url}/assets/app-Abc123.js`, {
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.status).toBe(304);
  });

  it('reads the build’s manifest without serving it', async () => {
    const response = await fetch(`${api.url}/.vite/manifest.json`);
    expect(await response.text()).not.toContain('master-layout');
  });

  it('answers a missing asset with 404 rather than the app', async () => {
    const response = await fetch(`${api.url}/assets/app-Old999.js`);
    expect(response.status).toBe(404);
  });

  it('keeps /api, /dl and /dev out of the app fallback', async () => {
    for (const path of ['/api/unknown', '/dl/no/such/package', '/dev/nothing']) {
      const response = await fetch(`${api.url}${path}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Not found' });
    }
  });
});

describe('serving a build that carries its own compressed twins', () => {
  // Compressed at the lowest levels, so the bytes differ from what the server would make itself.
  const twinsOf = (text: string) => ({
    gzip: gzipSync(text, { level: 1 }),
    brotli: brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }),
  });
  const FRESH_JS = `console.log(${JSON.stringify('fresh'.repeat(1000))});`;
  const EDITED_JS = `console.log(${JSON.stringify('edited'.repeat(1000))});`;
  let api: RunningApi;
  let dist: string;

  beforeAll(async () => {
    dist = await newWebBuild();
    const fresh = twinsOf(FRESH_JS);
    await writeFile(join(dist, 'assets', 'fresh.js'), FRESH_JS);
    await writeFile(join(dist, 'assets', 'fresh.js.gz'), fresh.gzip);
    await writeFile(join(dist, 'assets', 'fresh.js.br'), fresh.brotli);
    // Twins of an older version of the file, written before it changed.
    const old = twinsOf(FRESH_JS);
    await writeFile(join(dist, 'assets', 'edited.js.gz'), old.gzip);
    await writeFile(join(dist, 'assets', 'edited.js.br'), old.brotli);
    const before = new Date(Date.now() - 60_000);
    await utimes(join(dist, 'assets', 'edited.js.gz'), before, before);
    await utimes(join(dist, 'assets', 'edited.js.br'), before, before);
    await writeFile(join(dist, 'assets', 'edited.js'), EDITED_JS);
    api = await startApi({ webDistDir: dist });
  });
  afterAll(async () => {
    await api.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves the twins as they are instead of compressing the file again', async () => {
    const expected = twinsOf(FRESH_JS);
    const brotli = await rawGet(`${api.url}/assets/fresh.js`, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body.equals(expected.brotli)).toBe(true);
    const gzip = await rawGet(`${api.url}/assets/fresh.js`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(expected.gzip)).toBe(true);
  });

  it('compresses a file itself when its twins are older than it', async () => {
    const brotli = await rawGet(`${api.url}/assets/edited.js`, { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(brotli.body).toString()).toBe(EDITED_JS);
    const gzip = await rawGet(`${api.url}/assets/edited.js`, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.body).toString()).toBe(EDITED_JS);
  });

  it('does not serve the twins under their own names', async () => {
    const response = await fetch(`${api.url}/assets/fresh.js.br`);
    expect(response.status).toBe(404);
  });
});
