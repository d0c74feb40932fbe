import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const partSchema = z.object({
  name: z.string(),
  /** Folders (ending in `/`) or files; `*` stands for one folder name, each a part of its own. */
  paths: z.array(z.string()),
  /** Names of parts, or files, this part may import; `*` for anything. */
  mayImport: z.array(z.string()),
  /** No `node:` built-in: code that runs in the browser, or is shared with it. */
  noBuiltins: z.boolean().optional(),
});
type Part = z.infer<typeof partSchema>;

/** The machine-readable block of docs/architecture.md. */
function readRules(): { parts: Part[]; knownExceptions: string[] } {
  const page = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
  const block = /```json boundaries\n([\s\S]*?)```/.exec(page)?.[1];
  if (!block) throw new Error('docs/architecture.md has no ```json boundaries block');
  return z
    .object({ parts: z.array(partSchema), knownExceptions: z.array(z.string()) })
    .parse(JSON.parse(block));
}

interface Placement {
  part: Part;
  /** The folder the matched path names, with `*` filled in: a web feature is its own folder. */
  home: string;
}

function matchPath(pattern: string, file: string): string | null {
  const home = pattern.includes('*')
    ? new RegExp(`^${pattern.replaceAll('*', '[^/]+')}`).exec(file)?.[0]
    : null;
  if (home) return home;
  if (pattern.endsWith('/') || pattern === '') return file.startsWith(pattern) ? pattern : null;
  return file === pattern ? pattern : null;
}

/** The most specific path of any part that holds the file. */
function place(parts: Part[], file: string): Placement | null {
  let best: Placement | null = null;
  for (const part of parts) {
    for (const pattern of part.paths) {
      const home = matchPath(pattern, file);
      if (home !== null && (best === null || pattern.length > best.home.length)) best = { part, home };
    }
  }
  return best;
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\bvi\.mock\(\s*)['"]([^'"]+)['"]/g;

interface ImportSite {
  file: string;
  line: number;
  specifier: string;
}

function importsOf(file: string): ImportSite[] {
  const source = readFileSync(join(root, file), 'utf8');
  const sites: ImportSite[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const line = source.slice(0, match.index).split('\n').length;
    sites.push({ file, line, specifier: match[1] ?? '' });
  }
  return sites;
}

/** A repository path for our own modules, null for npm packages and built-ins. */
function resolveOwn(from: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return posix.normalize(posix.join(posix.dirname(from), specifier));
  const workspace = /^@benchside\/([^/]+)\/(.+)$/.exec(specifier);
  // Each workspace exports `./*` as `./src/*.ts`.
  if (workspace)
    return `packages/${workspace[1]}/src/${workspace[2]}${/\.tsx?$/.test(workspace[2] ?? '') ? '' : '.ts'}`;
  return null;
}

function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed.split('\n').filter((file) => /\.(ts|tsx|mts)$/.test(file) && !file.includes('node_modules/'));
}

/** Every import that leaves what its part may use, as "file:line: why", and as "file -> specifier". */
function violations(
  parts: Part[],
  files: string[],
  readImports = importsOf,
): Array<{ message: string; site: string }> {
  const found: Array<{ message: string; site: string }> = [];
  for (const file of files) {
    const from = place(parts, file);
    if (!from || from.part.mayImport.includes('*')) continue;
    for (const site of readImports(file)) {
      const where = `${site.file}:${site.line}`;
      if (site.specifier.startsWith('node:')) {
        if (from.part.noBuiltins) {
          found.push({
            message: `${where}: ${from.part.name} may not use ${site.specifier}`,
            site: `${file} -> ${site.specifier}`,
          });
        }
        continue;
      }
      const target = resolveOwn(file, site.specifier);
      if (target === null) continue;
      const to = place(parts, target);
      if (!to) continue;
      const allowed =
        to.home === from.home ||
        (to.part === from.part && !from.part.paths.some((pattern) => pattern.includes('*'))) ||
        from.part.mayImport.includes(to.part.name) ||
        from.part.mayImport.includes(target);
      if (!allowed) {
        found.push({
          message: `${where}: ${from.part.name} may not import ${to.part.name} (${site.specifier})`,
          site: `${file} -> ${site.specifier}`,
        });
      }
    }
  }
  return found;
}

describe('import boundaries (docs/architecture.md)', () => {
  const { parts, knownExceptions } = readRules();

  it('places every source file in a part', () => {
    expect(sourceFiles().filter((file) => place(parts, file) === null)).toEqual([]);
  });

  it('names each kind of forbidden import', () => {
    const scratch: Record<string, string[]> = {
      'apps/web/src/features/cards/scratch.ts': [
        '../downloads/routes/downloads-page.tsx',
        './card-list.tsx',
        '../../lib/http.ts',
        'node:fs',
      ],
      'apps/api/src/scratch.ts': ['../../support/src/app.ts', '@benchside/server/config'],
      'packages/contracts/src/scratch.ts': ['@benchside/db/database', 'node:crypto', './common.ts'],
    };
    const found = violations(parts, Object.keys(scratch), (file) =>
      (scratch[file] ?? []).map((specifier, index) => ({ file, line: index + 1, specifier })),
    );
    expect(found.map((violation) => violation.message)).toEqual([
      'apps/web/src/features/cards/scratch.ts:1: web feature may not import web feature (../downloads/routes/downloads-page.tsx)',
      'apps/web/src/features/cards/scratch.ts:4: web feature may not use node:fs',
      'apps/api/src/scratch.ts:1: api may not import support (../../support/src/app.ts)',
      'packages/contracts/src/scratch.ts:1: contracts may not import db (@benchside/db/database)',
      'packages/contracts/src/scratch.ts:2: contracts may not use node:crypto',
    ]);
  });

  const found = violations(parts, sourceFiles());

  it('holds for every import of the repository but the known exceptions', () => {
    expect(
      found.filter((violation) => !knownExceptions.includes(violation.site)).map((v) => v.message),
    ).toEqual([]);
  });

  it('lists as known exceptions only imports that still break a rule', () => {
    const stillThere = new Set(found.map((violation) => violation.site));
    expect(knownExceptions.filter((site) => !stillThere.has(site))).toEqual([]);
  });
});
