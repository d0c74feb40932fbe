import { join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { MASTER_LAYOUT_CHUNK } from '../../packages/contracts/src/web-build.ts';

/**
 * The router's routes drawn outside the master layout, by their module under `src`: the auth area,
 * the policy, the error and sign-out pages and the two e-mail-change link pages. A new route
 * outside the layout goes here; `scripts/checks/locale-areas.test.ts` holds the router to the list.
 */
export const ROUTES_OUTSIDE_THE_MASTER_LAYOUT: readonly string[] = [
  'app/layouts/auth-layout.tsx',
  'features/auth/routes/login-page.tsx',
  'features/auth/routes/social-verifying-page.tsx',
  'features/auth/routes/registration-page.tsx',
  'features/auth/routes/verify-email-page.tsx',
  'features/auth/routes/resend-email-confirmation-page.tsx',
  'features/auth/routes/forgot-password-page.tsx',
  'features/auth/routes/reset-password-page.tsx',
  'features/auth/routes/two-factor-page.tsx',
  'app/layouts/policy-layout.tsx',
  'features/policy/routes/policy-page.tsx',
  'features/account/routes/change-email-page.tsx',
  'features/account/routes/confirm-email-page.tsx',
  'features/errors/routes/not-found-page.tsx',
  'features/errors/routes/server-error-page.tsx',
  'features/auth/routes/logout-page.tsx',
];

export const MASTER_LAYOUT_MODULE = 'app/layouts/master/master-layout.tsx';

/** The two chunks the master layout's code is built into (decision 146). */
export type MasterLayoutChunk = typeof MASTER_LAYOUT_CHUNK | 'shared';

/** What the chunking needs of the module graph: each module's static imports. */
export interface StaticImports {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** `roots` and every module they import statically, all the way down. */
function staticClosure(graph: StaticImports, roots: readonly string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

/**
 * Every module the master layout loads before it renders, by the chunk it goes to: `shared` when
 * a route outside the layout loads it too, `master-layout` when only the layout and the pages
 * inside it do.
 */
export function masterLayoutChunksOf(
  graph: StaticImports,
  masterLayout: string,
  routesOutside: readonly string[],
): Map<string, MasterLayoutChunk> {
  const outside = staticClosure(graph, routesOutside);
  const chunks = new Map<string, MasterLayoutChunk>();
  for (const id of staticClosure(graph, [masterLayout])) {
    chunks.set(id, outside.has(id) ? 'shared' : MASTER_LAYOUT_CHUNK);
  }
  return chunks;
}

/**
 * Left to itself, the bundler gives every set of routes sharing modules a chunk of its own: the
 * master layout arrived in 22 files, and on HTTP/1.1's six connections to a phone each file is a
 * round trip before `/cards` can draw. The layout's code comes instead in two files (decision
 * 146): what only the layout and its pages load, and what routes outside it load too, so the
 * sign-in, registration and policy pages never download the layout. The groups that claim the
 * entry's and the sign-in route's modules come first; a module they take stays theirs. The plugin
 * starts each build with the graph of that build.
 */
export function masterLayoutChunks(sourceRoot: string): {
  plugin: Plugin;
  group: Rolldown.CodeSplittingGroup;
} {
  let chunks: Map<string, MasterLayoutChunk> | undefined;
  return {
    plugin: {
      name: 'benchside-master-layout-chunks',
      apply: 'build',
      buildStart() {
        chunks = undefined;
      },
    },
    group: {
      name(id, context) {
        chunks ??= masterLayoutChunksOf(
          context,
          join(sourceRoot, MASTER_LAYOUT_MODULE),
          ROUTES_OUTSIDE_THE_MASTER_LAYOUT.map((route) => join(sourceRoot, route)),
        );
        return chunks.get(id) ?? null;
      },
      // By default a group takes in what its modules import: the layout's chunk would take the
      // shared modules, and the pages outside the layout would download it again.
      includeDependenciesRecursively: false,
    },
  };
}
