import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import type { DatabaseHandle } from './open-database.ts';
import { MAX_PREPARED_STATEMENTS } from './prepared-statements.ts';
import { openTestDatabase } from './test-database.ts';

/** What one connection has prepared, by its SQL text. */
async function preparedOn(connection: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
    connection,
  );
  return rows.map((row) => row.statement);
}

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL queries as named prepared statements', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(async () => {
    await sql`drop table if exists gadgets`.execute(handle.db);
    await sql`create table gadgets (id serial primary key, name text unique)`.execute(handle.db);
  });

  it('prepares a query with parameters once on a connection and runs it again by its name', async () => {
    await handle.db.connection().execute(async (connection) => {
      const select = (id: number) => sql<{ name: string }>`select name from gadgets where id = ${id}`;
      await sql`insert into gadgets (name) values (${'reader'}), (${'writer'})`.execute(connection);
      const names = [];
      for (const id of [1, 2, 1]) names.push((await select(id).execute(connection)).rows[0]?.name);
      expect(names).toEqual(['reader', 'writer', 'reader']);
      const prepared = await preparedOn(connection);
      expect(prepared.filter((text) => text === 'select name from gadgets where id = $1')).toHaveLength(1);
    });
  });

  it('prepares a statement again after a schema change gave it another row type', async () => {
    await handle.db.connection().execute(async (connection) => {
      const select = () =>
        sql<Record<string, unknown>>`select * from gadgets where id > ${0}`.execute(connection);
      await sql`insert into gadgets (name) values (${'before'})`.execute(connection);
      expect(Object.keys((await select()).rows[0] ?? {})).toEqual(['id', 'name']);
      await sql`alter table gadgets add column extra text`.execute(connection);
      expect(Object.keys((await select()).rows[0] ?? {})).toEqual(['id', 'name', 'extra']);
      expect(Object.keys((await select()).rows[0] ?? {})).toEqual(['id', 'name', 'extra']);
    });
  });

  it('throws the database’s other errors as they are, and the statement keeps working', async () => {
    const insert = (name: string) => sql`insert into gadgets (name) values (${name})`.execute(handle.db);
    await insert('twin');
    await expect(insert('twin')).rejects.toMatchObject({ code: '23505' });
    await insert('other');
    const { rows } = await sql<{
      count: number;
    }>`select count(*)::int as count from gadgets where id > ${0}`.execute(handle.db);
    expect(rows).toEqual([{ count: 2 }]);
  });

  it(`keeps at most ${MAX_PREPARED_STATEMENTS} statements on a connection, running the rest unnamed`, async () => {
    await handle.db.connection().execute(async (connection) => {
      for (let index = 0; index < MAX_PREPARED_STATEMENTS + 20; index++) {
        const { rows } = await sql<{
          value: number;
        }>`select ${index}::int + ${sql.lit(index)} as value`.execute(connection);
        expect(rows[0]?.value).toBe(2 * index);
      }
      expect((await preparedOn(connection)).length).toBeLessThanOrEqual(MAX_PREPARED_STATEMENTS);
    });
  });
});
