import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { nearerEndWindow, pageWindow, readCountedPage } from './page-window.ts';
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

  it('reads a page past the middle from the other end, with the same rows', async () => {
    const database = await openTestDatabase();
    try {
      const total = 41;
      const read = async (order: 'asc' | 'desc', window: ReturnType<typeof pageWindow>) => {
        const { rows } = await sql<{ n: number }>`select n from generate_series(0, ${total - 1}::int) n
          order by n ${sql.raw(order)} limit ${window.limit} offset ${window.offset}`.execute(database.db);
        return rows.map((row) => row.n);
      };
      const all = Array.from({ length: total }, (_, index) => index);
      for (const size of [4, 7, 41, 100]) {
        for (let page = 1; page <= Math.ceil(total / size) + 1; page += 1) {
          const window = nearerEndWindow(page, size, total);
          const rows = window.fromEnd ? (await read('desc', window)).reverse() : await read('asc', window);
          expect(rows, `page ${page} of ${size}`).toEqual(all.slice((page - 1) * size, page * size));
        }
      }
      expect(nearerEndWindow(1, 20, 100_000).fromEnd).toBe(false);
      expect(nearerEndWindow(5_000, 20, 100_000).fromEnd).toBe(true);
    } finally {
      await database.close();
    }
  });
});

describe('readCountedPage', () => {
  /** A counter that answers only when let go, and a log of what was asked in which order. */
  function counted(total: number) {
    const asked: string[] = [];
    let answer = (_total: number) => {};
    const readCounter = () => {
      asked.push('counter');
      return new Promise<number>((resolve) => {
        answer = resolve;
      });
    };
    const read = async (_window: ReturnType<typeof pageWindow>, fromEnd: boolean) => {
      asked.push(fromEnd ? 'page from end' : 'page newest first');
      return [];
    };
    return { asked, readCounter, read, letGo: () => answer(total) };
  }

  it('reads the first page beside the counter, before the total is known', async () => {
    const list = counted(100_000);
    const reading = readCountedPage(
      list.readCounter,
      (total) => total,
      { page: 1, itemsPerPage: 20 },
      list.read,
    );
    await Promise.resolve();
    expect(list.asked).toEqual(['counter', 'page newest first']);
    list.letGo();
    expect((await reading).totalItems).toBe(100_000);
  });

  it('reads any other page once the total says which end is nearer', async () => {
    for (const [page, end] of [
      [2, 'newest first'],
      [5_000, 'from end'],
    ] as const) {
      const list = counted(100_000);
      const reading = readCountedPage(
        list.readCounter,
        (total) => total,
        { page, itemsPerPage: 20 },
        list.read,
      );
      await Promise.resolve();
      expect(list.asked).toEqual(['counter']);
      list.letGo();
      const { totalItems, counter } = await reading;
      expect({ totalItems, counter }).toEqual({ totalItems: 100_000, counter: 100_000 });
      expect(list.asked).toEqual(['counter', `page ${end}`]);
    }
  });
});
