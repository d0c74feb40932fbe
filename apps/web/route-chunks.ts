import { join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { MASTER_LAYOUT_CHUNK, SIGN_IN_CHUNK } from '../../packages/contracts/src/web-build.ts';

/** The sign-in route's lazy modules (src/app/router.tsx): their chunk is fetched beside the entry. */
export const SIGN_IN_ROUTE_MODULES: readonly string[] = [
  'app/layouts/auth-layout.tsx',
  'features/auth/routes/login-page.tsx',
];

/**
 * The router's routes drawn outside the master layout, by their module under `src`: the auth area,
 * the policy, the error and sign-out pages and the two e-mail-change link pages. A new route
 * outside the layout goes here; `scripts/checks/locale-areas.test.ts` holds the router to the list.
 */
export const ROUTES_OUTSIDE_THE_MASTER_LAYOUT: readonly string[] = [
  ...SIGN_IN_ROUTE_MODULES,
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

export const isSignInRouteModule = (id: string): boolean =>
  SIGN_IN_ROUTE_MODULES.some((path) => id.endsWith(`/${path}`));

/** The two chunks the master layout's code is built into (decision 146). */
export type MasterLayoutChunk = typeof MASTER_LAYOUT_CHUNK | 'shared';

/** What the chunking needs of the module graph: each module's static imports. */
export interface StaticImports {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** The module graph with each module's dynamic imports too. */
export interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/** `roots` and every module `next` names from them, all the way down. */
function reachable(roots: readonly string[], next: (id: string) => readonly string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...next(id));
  }
  return reached;
}

/** `roots` and every module they import statically, all the way down. */
function staticClosure(graph: StaticImports, roots: readonly string[]): Set<string> {
  return reachable(roots, (id) => graph.getModuleInfo(id)?.importedIds ?? []);
}

/**
 * The web app's own modules (libraries left out) the sign-in route loads that a module loaded
 * later, outside the sign-in route, loads too: a spinner, an error alert, an API error's message.
 * They are built into the entry (decision 149); left in the sign-in route's chunk, every signed-in
 * page downloaded that chunk, its login form and form library, for them.
 */
export function sharedWithTheSignInRoute(
  graph: ModuleGraph,
  entry: string,
  signInRoute: readonly string[],
): Set<string> {
  const signIn = staticClosure(graph, signInRoute);
  const everything = reachable([entry], (id) => {
    const info = graph.getModuleInfo(id);
    return [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])];
  });
  // What the modules outside the sign-in route load lazily, the route itself left out.
  const loadedLater = [...everything]
    .filter((id) => !signIn.has(id))
    .flatMap((id) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
    .filter((lazy) => !signInRoute.includes(lazy));
  const alsoLoadedLater = staticClosure(graph, loadedLater);
  return new Set(
    [...signIn].filter(
      (id) => !signInRoute.includes(id) && !id.includes('/node_modules/') && alsoLoadedLater.has(id),
    ),
  );
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
 * How the web app's code is split beyond what the bundler does by itself, in three groups, the
 * first to claim a module keeping it:
 *
 * - the entry: every module it loads, and the modules the sign-in route shares with what is loaded
 *   later (`sharedWithTheSignInRoute`, decision 149);
 * - the sign-in route's chunk, fetched beside the entry on the sign-in page;
 * - the master layout's two chunks (`masterLayoutChunksOf`, decision 146). Left to itself, the
 *   bundler gives every set of routes sharing modules a chunk of its own: the master layout arrived
 *   in 22 files, and on HTTP/1.1's six connections to a phone each file is a round trip before
 *   `/cards` can draw. The sign-in, registration and policy pages never download the layout.
 *
 * The plugin starts each build with the graph of that build.
 */
export function routeChunks(webRoot: string): { plugin: Plugin; groups: Rolldown.CodeSplittingGroup[] } {
  const sourceRoot = join(webRoot, 'src');
  const entry = join(webRoot, 'index.html');
  const signInRoute = SIGN_IN_ROUTE_MODULES.map((route) => join(sourceRoot, route));
  let intoTheEntry: Set<string> | undefined;
  let layoutChunks: Map<string, MasterLayoutChunk> | undefined;
  return {
    plugin: {
      name: 'benchside-route-chunks',
      apply: 'build',
      buildStart() {
        intoTheEntry = undefined;
        layoutChunks = undefined;
      },
    },
    groups: [
      {
        // The group holding the entry module is the entry's chunk; what the entry imports comes with it.
        name(id, context) {
          intoTheEntry ??= new Set([entry, ...sharedWithTheSignInRoute(context, entry, signInRoute)]);
          return intoTheEntry.has(id) ? 'boot' : null;
        },
        priority: 2,
      },
      { name: SIGN_IN_CHUNK, test: isSignInRouteModule, priority: 1 },
      {
        name(id, context) {
          layoutChunks ??= masterLayoutChunksOf(
            context,
            join(sourceRoot, MASTER_LAYOUT_MODULE),
            ROUTES_OUTSIDE_THE_MASTER_LAYOUT.map((route) => join(sourceRoot, route)),
          );
          return layoutChunks.get(id) ?? null;
        },
        // By default a group takes in what its modules import: the layout's chunk would take the
        // shared modules, and the pages outside the layout would download it again.
        includeDependenciesRecursively: false,
      },
    ],
  };
}
