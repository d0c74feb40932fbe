import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window.ts';
import { openTestDatabase } from './test-database.ts';

describe('pageWindow', () => {
  it('writes the page into the SQL text, not as parameters', async () => {
    const database = await openTestDatabase();
    try {
      const window = pageWindow(3, 20);
      const query = database.db.selectFrom('users').select('id').limit(window.limit).offset(window.offset);
      const compiled = query.compile();
      expect(compiled.sql).toMatch(/limit 20 offset 40$/);
      expect(compiled.parameters).toEqual([]);
      expect(await query.execute()).toEqual([]);
      const raw = sql`select 1 limit ${window.limit} offset ${window.offset}`.compile(database.db);
      expect(raw.sql).toBe('select 1 limit 20 offset 40');
    } finally {
      await database.close();
    }
  });

  it('refuses anything but whole pages from 1 and sizes from 1', () => {
    for (const [page, size] of [
      [0, 10],
      [1, 0],
      [1.5, 10],
      [1, Number.NaN],
    ] as const) {
      expect(() => pageWindow(page, size)).toThrow(RangeError);
    }
  });
});
