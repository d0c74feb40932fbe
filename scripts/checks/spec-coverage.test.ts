import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Citation {
  line: number;
  file: string;
  /** Describe blocks, then the test's name, as written in the map. */
  names: string[];
}

/**
 * The map's citations: `file` › describe › test; a citation that starts with › names another test
 * of the file before it.
 */
function citations(markdown: string): Citation[] {
  const found: Citation[] = [];
  markdown.split('\n').forEach((text, index) => {
    const cells = text.split('|');
    if (cells.length < 4) return;
    // A remark in parentheses after a name explains the citation; it may hold `;` or `›`.
    const testCell = (cells[cells.length - 2] ?? '').replace(/\s*\([^)]*\)(?=\s*(?:;|›|$))/g, '');
    let file = '';
    for (const part of testCell.split(';')) {
      const match = /^\s*(?:`([^`]+)`)?\s*(.*)$/.exec(part);
      if (!match) continue;
      if (match[1]) file = match[1];
      const names = (match[2] ?? '')
        .split('›')
        .map((name) => name.trim())
        .filter((name) => name.length > 0);
      if (file && /\.(ts|tsx)$/.test(file)) found.push({ line: index + 1, file, names });
    }
  });
  return found;
}

/**
 * The literal pieces a cited name must contain: `<placeholder>` stands for a template's value and
 * `…` shortens a long name, so only the text around them is looked for.
 */
function literalPieces(name: string): string[] {
  return name
    .split(/<[^>]+>|…/)
    .map((piece) => piece.trim())
    .filter((piece) => piece.length > 0);
}

// The maps whose last column cites the tests that prove each line.
describe.each([
  { map: 'spec-coverage.md', atLeast: 100 },
  { map: 'security.md', atLeast: 20 },
])('docs/$map', ({ map, atLeast }) => {
  const cited = citations(readFileSync(join(root, 'docs', map), 'utf8'));

  it('cites tests', () => {
    expect(cited.length).toBeGreaterThan(atLeast);
  });

  it('cites only files that exist', () => {
    const missing = [...new Set(cited.map((c) => c.file))].filter((file) => !existsSync(join(root, file)));
    expect(missing).toEqual([]);
  });

  it('cites only test names found in their files', () => {
    const notFound: string[] = [];
    for (const citation of cited) {
      const path = join(root, citation.file);
      if (!existsSync(path)) continue;
      const source = readFileSync(path, 'utf8');
      for (const name of citation.names) {
        for (const piece of literalPieces(name)) {
          if (!source.includes(piece)) notFound.push(`line ${citation.line}: ${citation.file} › ${name}`);
        }
      }
    }
    expect(notFound).toEqual([]);
  });
});
