import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPGlite, PGLITE_OPTIONS } from './open-database.ts';
import { isUniqueViolation } from './unique-violation.ts';

describe('PGlite dialect with prepared statements', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = openPGlite(await PGlite.create(PGLITE_OPTIONS));
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(async () => {
    await sql`drop table if exists gadgets`.execute(handle.db);
    await sql`create table gadgets (id serial primary key, name text, seen timestamptz, active boolean, meta jsonb)`.execute(
      handle.db,
    );
  });

  it('sends dates, booleans, nulls and JSON as their column types and reads them back', async () => {
    const seen = new Date('2026-01-02T03:04:05.678Z');
    const insert = sql`insert into gadgets (name, seen, active, meta) values (${'reader'}, ${seen}, ${true}, ${JSON.stringify({ a: 1 })})`;
    const inserted = await insert.execute(handle.db);
    expect(inserted.numAffectedRows).toBe(1n);
    await sql`insert into gadgets (name, seen, active, meta) values (${null}, ${null}, ${false}, ${null})`.execute(
      handle.db,
    );
    const rows = await sql<{ name: string | null; seen: Date | null; active: boolean; meta: unknown }>`
      select name, seen, active, meta from gadgets where id >= ${1} order by id`.execute(handle.db);
    expect(rows.rows).toEqual([
      { name: 'reader', seen, active: true, meta: { a: 1 } },
      { name: null, seen: null, active: false, meta: null },
    ]);
  });

  it('runs the same statement many times with different values', async () => {
    for (let index = 0; index < 20; index++) {
      await sql`insert into gadgets (name) values (${`g${index}`})`.execute(handle.db);
    }
    const count = await sql<{
      count: number;
    }>`select count(*)::int as count from gadgets where name like ${'g1%'}`.execute(handle.db);
    expect(count.rows[0]?.count).toBe(11);
  });

  it('survives a schema change under a statement it already prepared', async () => {
    const select = () =>
      sql<Record<string, unknown>>`select * from gadgets where id > ${0}`.execute(handle.db);
    await sql`insert into gadgets (name) values (${'before'})`.execute(handle.db);
    expect(Object.keys((await select()).rows[0] ?? {})).not.toContain('extra');
    await sql`alter table gadgets add column extra text`.execute(handle.db);
    expect(Object.keys((await select()).rows[0] ?? {})).toContain('extra');
  });

  it('reports a bad statement and keeps working', async () => {
    await expect(sql`select * from missing_table where id = ${1}`.execute(handle.db)).rejects.toThrow(
      /missing_table/,
    );
    const rows = await sql<{ one: number }>`select ${1}::int as one`.execute(handle.db);
    expect(rows.rows).toEqual([{ one: 1 }]);
  });

  it('reads an answer of many chunks whole, multi-byte text intact across their seams', async () => {
    const names = Array.from({ length: 4000 }, (_, index) => `${index} Ünïcödé 文字 🔧 `.repeat(12));
    await sql`insert into gadgets (name) select unnest(${names}::text[])`.execute(handle.db);
    const rows = await sql<{ name: string }>`select name from gadgets where id > ${0} order by id`.execute(
      handle.db,
    );
    expect(rows.rows.map((row) => row.name)).toEqual(names);
  });

  it('throws the database’s error with its SQLSTATE code; a unique violation names its index', async () => {
    await sql`create unique index gadgets_name_key on gadgets (name)`.execute(handle.db);
    await sql`insert into gadgets (name) values (${'twin'})`.execute(handle.db);
    const failure = await sql`insert into gadgets (name) values (${'twin'})`
      .execute(handle.db)
      .catch((error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ code: '23505' });
    expect(isUniqueViolation(failure, 'gadgets_name_key')).toBe(true);
    const rows = await sql<{
      count: number;
    }>`select count(*)::int as count from gadgets where name = ${'twin'}`.execute(handle.db);
    expect(rows.rows).toEqual([{ count: 1 }]);
  });

  it('hears a trigger’s notice before the change that sent it resolves, and none for a rollback', async () => {
    await sql`create or replace function gadget_changed() returns trigger language plpgsql as $$
      begin perform pg_notify('gadget_changes', old.name); return null; end $$`.execute(handle.db);
    await sql`create trigger gadgets_changed after update on gadgets
      for each row execute function gadget_changed()`.execute(handle.db);
    await sql`insert into gadgets (name) values ('with'), ('without'), ('committed'), ('rolled back')`.execute(
      handle.db,
    );
    const heard: string[] = [];
    await handle.listen?.('gadget_changes', (payload) => heard.push(payload));

    await sql`update gadgets set active = ${true} where name = ${'with'}`.execute(handle.db);
    expect(heard).toEqual(['with']);
    await sql`update gadgets set active = true where name = 'without'`.execute(handle.db);
    expect(heard).toEqual(['with', 'without']);
    await handle.db.transaction().execute(async (transaction) => {
      await sql`update gadgets set active = ${true} where name = ${'committed'}`.execute(transaction);
      expect(heard).toEqual(['with', 'without']);
    });
    expect(heard).toEqual(['with', 'without', 'committed']);
    await handle.db
      .transaction()
      .execute(async (transaction) => {
        await sql`update gadgets set active = ${true} where name = ${'rolled back'}`.execute(transaction);
        throw new Error('undo');
      })
      .catch(() => {});
    await sql`select ${1}::int`.execute(handle.db);
    expect(heard).toEqual(['with', 'without', 'committed']);
  });
});
