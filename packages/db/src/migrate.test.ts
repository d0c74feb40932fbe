import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrate.ts';
import type { DatabaseHandle } from './open-database.ts';
import { openTestDatabase } from './test-database.ts';

describe('migrations', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('run a second time without applying anything again', async () => {
    const second = await migrateToLatest(handle.db);
    expect(second.results).toEqual([]);
    const third = await migrateToLatest(handle.db);
    expect(third.results).toEqual([]);
  });

  it('make usernames and e-mails unique whatever their case', async () => {
    await handle.db.insertInto('users').values({ username: 'Alice', email: 'Alice@Example.test' }).execute();
    await expect(
      handle.db.insertInto('users').values({ username: 'alice', email: 'other@example.test' }).execute(),
    ).rejects.toThrow(/users_username_lower_key/);
    await expect(
      handle.db.insertInto('users').values({ username: 'bob', email: 'alice@example.TEST' }).execute(),
    ).rejects.toThrow(/users_email_lower_key/);
  });

  it('read count(*) as a number on every driver', async () => {
    const row = await handle.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow();
    expect(row.total).toBe(1);
  });

  it('keep a rolled-back transaction apart from concurrent queries', async () => {
    const inTransaction = handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values({ username: 'temp', email: 'temp@example.test' }).execute();
      throw new Error('roll back');
    });
    const outside = handle.db.selectFrom('users').select('username').execute();
    await expect(inTransaction).rejects.toThrow('roll back');
    expect((await outside).map((user) => user.username)).toEqual(['Alice']);
    const after = await sql<{ n: number }>`select count(*)::int as n from users`.execute(handle.db);
    expect(after.rows[0]?.n).toBe(1);
  });
});

describe('migrating a database that is up to date', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('reads that every migration was applied without the migrator’s bookkeeping', async () => {
    // The migrator would create its lock table again; the start of an up-to-date database does not.
    await sql`drop table kysely_migration_lock`.execute(handle.db);
    expect((await migrateToLatest(handle.db)).results).toEqual([]);
    const lockTable = await sql<{ found: boolean }>`
      select to_regclass('kysely_migration_lock') is not null as found`.execute(handle.db);
    expect(lockTable.rows[0]?.found).toBe(false);
  });

  it('still refuses a database that ran a migration this code does not know', async () => {
    await sql`insert into kysely_migration (name, timestamp) values ('9999-from-the-future', now()::text)`.execute(
      handle.db,
    );
    await expect(migrateToLatest(handle.db)).rejects.toThrow(/9999-from-the-future/);
  });
});

describe('migrating a schema while another one on the search path is up to date', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('applies every migration to the current schema, whatever the other one holds', async () => {
    const fresh = `fresh_${randomBytes(4).toString('hex')}`;
    const outcome = await handle.db.connection().execute(async (connection) => {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(connection);
      const migrated = rows[0]?.schema ?? 'public';
      await sql`create schema ${sql.id(fresh)}`.execute(connection);
      await sql`set search_path to ${sql.id(fresh)}, ${sql.id(migrated)}`.execute(connection);
      try {
        const result = await migrateToLatest(connection);
        const users = await sql<{ found: boolean }>`
          select to_regclass(${`${fresh}.users`}) is not null as found`.execute(connection);
        return { result, usersCreated: users.rows[0]?.found };
      } finally {
        await sql`set search_path to ${sql.id(migrated)}`.execute(connection);
        await sql`drop schema ${sql.id(fresh)} cascade`.execute(connection);
      }
    });
    expect(outcome.result.results?.length).toBeGreaterThan(0);
    expect(outcome.result.results?.every((result) => result.status === 'Success')).toBe(true);
    expect(outcome.usersCreated).toBe(true);
  });
});
