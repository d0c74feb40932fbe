import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { isStalePlan, MAX_PREPARED_STATEMENTS } from './prepared-statements.ts';

const statementNames = new Map<string, string>();

/** The same name for the same text on every connection and node; a hash, so it stays short. */
function statementNameOf(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= 10 * MAX_PREPARED_STATEMENTS) statementNames.clear();
    name = `bs_${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Each pooled connection's client for Kysely, one for its whole life, as Kysely keys its state by it. */
const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
let renamed = 0;

/**
 * Kysely's PostgreSQL dialect on a `pg` pool whose queries with parameters run as named prepared
 * statements: parsed and planned once per connection, then only bound and executed. A ledger page
 * (four joins and a subquery) spent 0.4 ms of the server's time planning for 0.05 ms executing,
 * every call; as a named statement its round trip took half as long (decision 142). A statement that
 * a schema change left with another row type (`select *` after a migration added a column) is
 * prepared again under a new name and the query run once more, as the PGlite dialect does; inside a
 * transaction the first failure has already ended it, so that one call fails. Safe because nothing
 * pools connections between the nodes and PostgreSQL (`docs/deploy.md`: no PgBouncer).
 */
export function withNamedStatements(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const connection = await pool.connect();
      let client = clients.get(connection);
      if (!client) {
        client = namedStatementClient(connection);
        clients.set(connection, client);
      }
      return client;
    },
    end: () => pool.end(),
  };
}

function namedStatementClient(connection: pg.PoolClient): PostgresPoolClient {
  // What this connection has prepared: the SQL text and the name it runs under here.
  const prepared = new Map<string, string>();
  // Statements made on the server, those a schema change left behind included.
  let made = 0;
  const newName = (text: string, stale: boolean): string | null => {
    if (made >= MAX_PREPARED_STATEMENTS) return null;
    made += 1;
    return stale ? `${statementNameOf(text)}_${++renamed}` : statementNameOf(text);
  };
  const run = async (text: string, values: unknown[]) => {
    const name = prepared.get(text) ?? newName(text, false);
    if (name === null) return connection.query(text, values);
    prepared.set(text, name);
    try {
      return await connection.query({ name, text, values });
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      prepared.delete(text);
      const fresh = newName(text, true);
      if (fresh === null) return connection.query(text, values);
      prepared.set(text, fresh);
      return connection.query({ name: fresh, text, values });
    }
  };
  return {
    query: ((textOrCursor: unknown, values: readonly unknown[] = []) =>
      typeof textOrCursor === 'string' && values.length > 0
        ? run(textOrCursor, [...values])
        : (connection.query as (...args: unknown[]) => unknown)(
            textOrCursor,
            values,
          )) as PostgresPoolClient['query'],
    release: () => connection.release(),
  };
}
