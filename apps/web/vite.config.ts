import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { compile as compileSass, type DeprecationOrId } from 'sass';
import { defineConfig, type Plugin } from 'vite';
import {
  COMPRESSIBLE,
  MIN_COMPRESSED_SIZE,
  SIGN_IN_CHUNK,
  WEB_BUILD_MANIFEST,
} from '../../packages/contracts/src/web-build.ts';
import { compressForServing } from '../../packages/server/src/static-compression.ts';
import { localeAreas } from './locale-areas.ts';
import { isSignInRouteModule, routeChunks } from './route-chunks.ts';
import { PRELOADED_STYLESHEET_ATTRIBUTE } from './src/lib/preloaded-stylesheets.ts';

// The dev server forwards everything the API process owns, so `vite` works against `npm start`.
const apiOrigin = 'http://127.0.0.1:8080';

// Bootstrap 5.3's Sass still uses @import and global functions; its warnings are not ours to fix.
const SASS_OPTIONS = {
  quietDeps: true,
  silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] as DeprecationOrId[],
};

/**
 * What the first paint does not wait for says so (decision 144): the browser then never ranks the
 * entry's scripts and stylesheet above the page itself, and Lighthouse's simulation of a slow phone
 * stops counting them into the first paint whenever the real load on loopback happened to have
 * them before painting (which put `/auth/login`'s first paint at 1.1–1.6 s in half its runs).
 */
const NOT_FOR_THE_FIRST_PAINT = 'fetchpriority="low"';

/** The page's icon, which the build writes into the page itself (decision 149). */
const ICON_LINK_HREF = 'href="/favicon.svg"';

/**
 * On slow networks every round trip before the first paint counts. The theme's colours and the
 * splash screen are inlined (src/styles/inline-first-paint.scss), so the first paint waits for the page
 * alone; the entry's stylesheet is preloaded instead of blocking that paint, and the entry applies
 * it before its first render (`applyPreloadedStylesheets`). The sign-in route's chunks are
 * preloaded with the entry instead of being discovered only after it has run. All of these are
 * asked for below the page itself (`NOT_FOR_THE_FIRST_PAINT`). The icon comes inside the page as a
 * data URI: on HTTP/1.1 its request held one of the six connections the scripts wait for.
 */
function firstScreenFirst(): Plugin {
  let root = '';
  let publicDir = '';
  return {
    name: 'benchside-first-screen-first',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      publicDir = config.publicDir;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const icon = await readFile(join(publicDir, 'favicon.svg'), 'utf8');
        const preloads = Object.values(context.bundle ?? {})
          .filter(
            (output) =>
              output.type === 'chunk' &&
              (output.name === SIGN_IN_CHUNK || isSignInRouteModule(output.facadeModuleId ?? '')),
          )
          .map((chunk) => `    <link rel="modulepreload" crossorigin href="/${chunk.fileName}">\n`);
        const stylesheets = html.match(/ *<link rel="stylesheet"[^>]*>\n/g) ?? [];
        const withoutStylesheets = stylesheets.reduce((page, link) => page.replace(link, ''), html);
        const preloadedStylesheets = stylesheets.map((link) =>
          link.replace(
            'rel="stylesheet"',
            `rel="preload" as="style" ${NOT_FOR_THE_FIRST_PAINT} ${PRELOADED_STYLESHEET_ATTRIBUTE}`,
          ),
        );
        const firstPaint = compileSass(join(root, 'src', 'styles', 'inline-first-paint.scss'), {
          style: 'compressed',
          loadPaths: [join(root, 'node_modules'), join(root, '..', '..', 'node_modules')],
          ...SASS_OPTIONS,
        }).css;
        return withoutStylesheets
          .replace(ICON_LINK_HREF, `href="data:image/svg+xml,${encodeURIComponent(icon.trim())}"`)
          .replace('  </head>', `    <style>${firstPaint}</style>\n  </head>`)
          .replace(
            / *<script type="module"/,
            (script) => `${preloadedStylesheets.join('')}${script} ${NOT_FOR_THE_FIRST_PAINT}`,
          )
          .replace('  </head>', `${preloads.join('')}  </head>`)
          .replaceAll('<link rel="modulepreload"', `<link rel="modulepreload" ${NOT_FOR_THE_FIRST_PAINT}`);
      },
    },
  };
}

/**
 * The portal serves each built file gzipped and brotli-compressed at the highest levels, which
 * takes seconds on a small machine: done here once per build, into `<file>.gz` and `<file>.br`,
 * every start of the portal reads them instead. index.html is left out, as the portal adds its
 * configuration to the page before compressing it.
 */
function compressedTwins(): Plugin {
  let outDir = '';
  return {
    name: 'benchside-compressed-twins',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { withFileTypes: true, recursive: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name).toLowerCase()))
        .map((entry) => join(entry.parentPath, entry.name))
        .filter((path) => path !== join(outDir, 'index.html') && path !== join(outDir, WEB_BUILD_MANIFEST));
      await Promise.all(
        files.map(async (path) => {
          const body = await readFile(path);
          if (body.length < MIN_COMPRESSED_SIZE) return;
          const { gzip: gzipped, brotli } = await compressForServing(body);
          await Promise.all([writeFile(`${path}.gz`, gzipped), writeFile(`${path}.br`, brotli)]);
        }),
      );
    },
  };
}

/**
 * The app is written against React's API and rendered by Preact through preact/compat: the same
 * components at an eighth of react-dom's weight, which brings the sign-in page under its budget
 * (decision 129). The unit tests keep rendering with React (Testing Library loads react-dom with
 * `require`, past Vite's aliases); the end-to-end suite runs this build.
 */
const REACT_ON_PREACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/** V8's explicit compile hint (Chromium 136 on); it counts only as a file's first line. */
const COMPILE_EVERY_FUNCTION_ON_LOAD = '//# allFunctionsCalledOnLoad\n';

/**
 * Chromium compiles a chunk that opens with the hint whole, on a background thread while it
 * downloads, instead of each function on the main thread when it is first called, inside the long
 * tasks that start a page (decision 157). Every chunk of the app is code its page runs as it loads:
 * the entry and the layouts start the app, a route's chunk draws its route, and a language's chunk
 * is data. Added last, above the dependency map Vite writes at the top of a chunk.
 */
function compileHints(): Plugin {
  return {
    name: 'benchside-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk') output.code = COMPILE_EVERY_FUNCTION_ON_LOAD + output.code;
        }
      },
    },
  };
}

const chunks = routeChunks(import.meta.dirname);

export default defineConfig({
  plugins: [react(), localeAreas(), chunks.plugin, firstScreenFirst(), compileHints(), compressedTwins()],
  resolve: { alias: REACT_ON_PREACT },
  server: {
    proxy: { '/api': apiOrigin, '/dl': apiOrigin, '/dev': apiOrigin },
  },
  css: {
    preprocessorOptions: {
      scss: SASS_OPTIONS,
    },
  },
  build: {
    target: 'es2022',
    // Read by the portal, never served: it preloads the master layout's chunks for a signed-in
    // visitor from it (decision 147).
    manifest: WEB_BUILD_MANIFEST,
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        // Over HTTP/1.1 each file costs a round trip: everything the entry needs goes in one chunk,
        // the sign-in route in a second, the master layout in two more (apps/web/route-chunks.ts);
        // every other route keeps its own lazy chunk.
        codeSplitting: { groups: chunks.groups },
      },
    },
  },
});
