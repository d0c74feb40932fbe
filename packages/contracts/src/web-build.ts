/**
 * What the portal reads of the web app's build besides its files (decision 147): Vite's manifest
 * for back ends, which names the chunk each module was built into and the chunks it imports.
 */

/** The manifest, under the build's output folder; the portal reads it and never serves it. */
export const WEB_BUILD_MANIFEST = '.vite/manifest.json';

/**
 * What the portal serves compressed: text of at least `MIN_COMPRESSED_SIZE` bytes. The build writes
 * the compressed twins of these files, which the portal then reads instead of compressing them.
 */
export const COMPRESSIBLE: ReadonlySet<string> = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.map',
  '.svg',
  '.txt',
  '.ico',
]);
export const MIN_COMPRESSED_SIZE = 1024;

/** The name of the chunk the master layout is built into (`apps/web/route-chunks.ts`, decision 146). */
export const MASTER_LAYOUT_CHUNK = 'master-layout';

/** The name of the sign-in route's chunk, which the built `index.html` preloads beside the entry. */
export const SIGN_IN_CHUNK = 'sign-in';

/** The part of a manifest entry the portal reads. */
export interface WebBuildChunk {
  /** The built file, relative to the output folder. */
  file: string;
  /** The chunk's name, for a chunk (a stylesheet has none). */
  name?: string;
  /** Manifest keys of the chunks it imports statically. */
  imports?: string[];
}

export type WebBuildManifest = Record<string, WebBuildChunk>;

/**
 * The files a signed-in page needs for the master layout before it can draw: the layout's chunk
 * and every chunk it imports, all the way down, as `/`-rooted URLs.
 */
export function masterLayoutFiles(manifest: WebBuildManifest): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const pending = Object.keys(manifest).filter((key) => manifest[key]?.name === MASTER_LAYOUT_CHUNK);
  for (let key = pending.shift(); key !== undefined; key = pending.shift()) {
    const chunk = manifest[key];
    if (seen.has(key) || chunk === undefined) continue;
    seen.add(key);
    files.push(`/${chunk.file}`);
    pending.push(...(chunk.imports ?? []));
  }
  return files;
}

/** The sign-in route's chunk as a `/`-rooted URL: a signed-in page's HTML does not ask for it. */
export function signInRouteFiles(manifest: WebBuildManifest): string[] {
  return Object.values(manifest)
    .filter((chunk) => chunk.name === SIGN_IN_CHUNK)
    .map((chunk) => `/${chunk.file}`);
}
