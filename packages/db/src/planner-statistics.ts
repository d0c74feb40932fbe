import { type Kysely, sql } from 'kysely';

/**
 * Gathers the planner's statistics for every table of the current schema, as a database filled in
 * bulk needs before it answers: until then PostgreSQL plans with default guesses (the session
 * lookup went through the expiry index instead of the token, decision 158). PostgreSQL's
 * autovacuum would look in its own time, after 50 changes to a table and within a minute; PGlite
 * has no autovacuum at all. Only the current schema's tables: other schemas on a shared server
 * (the test and bench schemas) are not this database's to scan.
 */
export async function gatherPlannerStatistics<T>(db: Kysely<T>): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = current_schema()`.execute(db);
  if (rows.length === 0) return;
  await sql`analyze ${sql.join(rows.map((row) => sql.id(row.name)))}`.execute(db);
}
