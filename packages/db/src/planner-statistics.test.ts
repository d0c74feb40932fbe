import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { gatherPlannerStatistics } from './planner-statistics.ts';
import { dropTestSchema, openUnmigratedTestDatabase } from './test-database.ts';

/** PostgreSQL's row estimate of each table named, -1 for one never analyzed. */
async function rowEstimates(db: Kysely<unknown>, tables: string[]): Promise<Record<string, number>> {
  const { rows } = await sql<{ name: string; estimate: number }>`
    select relname as name, reltuples::int as estimate from pg_class
    where relkind = 'r' and relname = any(${tables})`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, row.estimate]));
}

describe('gatherPlannerStatistics', () => {
  it("gives every table of the current schema the statistics a bulk fill leaves it without, and no other schema's", async () => {
    const { handle } = await openUnmigratedTestDatabase();
    const db = handle.db as Kysely<unknown>;
    const elsewhere = `planner_elsewhere_${randomBytes(4).toString('hex')}`;
    try {
      await sql`create table filled (id int primary key, name text)`.execute(db);
      await sql`insert into filled select n, 'row ' || n from generate_series(1, 500) n`.execute(db);
      await sql`create table left_empty (id int)`.execute(db);
      await sql`create schema ${sql.id(elsewhere)}`.execute(db);
      await sql`create table ${sql.id(elsewhere, 'theirs')} (id int)`.execute(db);
      await sql`insert into ${sql.id(elsewhere, 'theirs')} select generate_series(1, 100)`.execute(db);
      const tables = ['filled', 'left_empty', 'theirs'];
      expect(await rowEstimates(db, tables)).toEqual({ filled: -1, left_empty: -1, theirs: -1 });

      await gatherPlannerStatistics(db);

      expect(await rowEstimates(db, tables)).toEqual({ filled: 500, left_empty: 0, theirs: -1 });
      const { rows } = await sql<{ column: string }>`
        select attname as column from pg_stats
        where schemaname = current_schema() and tablename = 'filled' order by attname`.execute(db);
      expect(rows.map((row) => row.column)).toEqual(['id', 'name']);
    } finally {
      await dropTestSchema(db, elsewhere);
      await handle.close();
    }
  });
});
