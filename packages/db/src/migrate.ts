import { type Kysely, type Migration, type MigrationResultSet, Migrator, sql } from 'kysely';
import { withAdvisoryLock } from './advisory-lock.ts';
import * as usersAndSessions from './migrations/0001-users-and-sessions.ts';
import * as accounts from './migrations/0002-accounts.ts';
import * as notifications from './migrations/0003-notifications.ts';
import * as conversations from './migrations/0004-conversations.ts';
import * as socialAccounts from './migrations/0005-social-accounts.ts';
import * as knowledgeBase from './migrations/0006-knowledge-base.ts';
import * as catalogue from './migrations/0007-catalogue.ts';
import * as cards from './migrations/0008-cards.ts';
import * as catalogueModels from './migrations/0009-catalogue-models.ts';
import * as mailOutbox from './migrations/0010-mail-outbox.ts';
import * as pendingSocialSignUps from './migrations/0011-pending-social-sign-ups.ts';
import * as mailOutboxFailedIndex from './migrations/0012-mail-outbox-failed-index.ts';
import * as cardMasterKey from './migrations/0013-card-master-key.ts';
import * as mailOutboxWriteOrder from './migrations/0014-mail-outbox-write-order.ts';
import * as creditLedger from './migrations/0015-credit-ledger.ts';
import * as customers from './migrations/0016-customers.ts';
import * as supportedModels from './migrations/0017-supported-models.ts';
import * as firmwareDetails from './migrations/0018-firmware-details.ts';
import * as expiryReminders from './migrations/0020-expiry-reminders.ts';
import * as watchLists from './migrations/0021-watch-lists.ts';
import * as ledgerCustomersAndPackExpiries from './migrations/0022-ledger-customers-and-pack-expiries.ts';
import * as creditLedgerCounter from './migrations/0024-credit-ledger-counter.ts';
import * as listIndexes from './migrations/0025-list-indexes.ts';
import * as sessionChangeNotices from './migrations/0026-session-change-notices.ts';

/** Every migration in order; a new one is a new file here, never an edit of an applied one. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-users-and-sessions': usersAndSessions,
  '0002-accounts': accounts,
  '0003-notifications': notifications,
  '0004-conversations': conversations,
  '0005-social-accounts': socialAccounts,
  '0006-knowledge-base': knowledgeBase,
  '0007-catalogue': catalogue,
  '0008-cards': cards,
  '0009-catalogue-models': catalogueModels,
  '0010-mail-outbox': mailOutbox,
  '0011-pending-social-sign-ups': pendingSocialSignUps,
  '0012-mail-outbox-failed-index': mailOutboxFailedIndex,
  '0013-card-master-key': cardMasterKey,
  '0014-mail-outbox-write-order': mailOutboxWriteOrder,
  '0015-credit-ledger': creditLedger,
  '0016-customers': customers,
  '0017-supported-models': supportedModels,
  '0018-firmware-details': firmwareDetails,
  '0020-expiry-reminders': expiryReminders,
  '0021-watch-lists': watchLists,
  '0022-ledger-customers-and-pack-expiries': ledgerCustomersAndPackExpiries,
  '0024-credit-ledger-counter': creditLedgerCounter,
  '0025-list-indexes': listIndexes,
  '0026-session-change-notices': sessionChangeNotices,
};

/**
 * Kysely's migrator finds its bookkeeping tables in any schema unless told which one: on a server
 * shared by several test schemas it would take another schema's tables for its own. It keeps them
 * in the schema the tables are created in, the connection's current one.
 */
async function createMigrator(db: Kysely<unknown>): Promise<Migrator> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    migrationTableSchema: rows[0]?.schema ?? 'public',
  });
}

/**
 * Applies every pending migration; throws with the failing migration's name and cause. Nodes
 * starting together take turns: Kysely's own lock covers the migrations but not the creation of
 * its bookkeeping tables before them, which ours does.
 */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<MigrationResultSet> {
  if (await hasEveryMigration(db as Kysely<unknown>)) return { results: [] };
  const resultSet = await withAdvisoryLock(db as Kysely<unknown>, 'migrations', async (connection) =>
    (await createMigrator(connection)).migrateToLatest(),
  );
  if (resultSet.error) {
    const failed = resultSet.results?.find((result) => result.status === 'Error');
    const cause = resultSet.error instanceof Error ? resultSet.error.message : String(resultSet.error);
    throw new Error(`Migration ${failed?.migrationName ?? '(setup)'} failed: ${cause}`, {
      cause: resultSet.error,
    });
  }
  return resultSet;
}

/**
 * Whether the database has applied exactly the migrations above, read in two queries without the
 * lock: the usual start, which Kysely's migrator (its tables, the lock, its checks) makes take
 * hundreds of milliseconds on PGlite. Anything else goes through the migrator, which applies what
 * is missing and refuses a database that ran a migration this code does not know.
 */
async function hasEveryMigration(db: Kysely<unknown>): Promise<boolean> {
  // The current schema's table, as the migrator's: another schema on the search path may hold
  // another database's bookkeeping (the test schemas on one PostgreSQL server).
  const { rows: tables } = await sql<{ schema: string; found: boolean }>`
    select current_schema() as schema,
      to_regclass(format('%I.kysely_migration', current_schema())) is not null as found`.execute(db);
  const table = tables[0];
  if (!table?.found) return false;
  const { rows } = await sql<{ name: string }>`
    select name from ${sql.id(table.schema, 'kysely_migration')}`.execute(db);
  const applied = new Set(rows.map((row) => row.name));
  const known = Object.keys(MIGRATIONS);
  return applied.size === known.length && known.every((name) => applied.has(name));
}
