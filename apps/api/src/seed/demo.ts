import type { Database } from '@benchside/db/database';
import { hashPassword } from '@benchside/server/passwords';
import type { Kysely } from 'kysely';
import { seedCards } from './cards.ts';

export const DEMO_ACCOUNT = {
  username: 'demo',
  email: 'demo@benchside.test',
  password: 'Demo#Bench2026',
  name: 'Demo Technician',
} as const;

/** The one sign-in `npm start` prints; added only to a database without users. Returns whether it did. */
export async function seedDemo(db: Kysely<Database>): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const user = await db
    .insertInto('users')
    .values({
      username: DEMO_ACCOUNT.username,
      email: DEMO_ACCOUNT.email,
      password_hash: await hashPassword(DEMO_ACCOUNT.password),
      is_verified: true,
      name: DEMO_ACCOUNT.name,
    })
    .returning(['id', 'username'])
    .executeTakeFirstOrThrow();
  await seedCards(db, user);
  return true;
}
