import type { Database, User } from '@benchside/db/database';
import { type Kysely, sql } from 'kysely';

/** Finds the user a sign-in names by username or e-mail, whatever its case. */
export function findUserByLogin(db: Kysely<Database>, login: string): Promise<User | undefined> {
  const lowered = login.toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', lowered), eb(sql`lower(email)`, '=', lowered)]))
    .executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}
