import { withAdvisoryLock } from '@benchside/db/advisory-lock';
import type { Database } from '@benchside/db/database';
import { gatherPlannerStatistics } from '@benchside/db/planner-statistics';
import { seedKnowledgeBase } from '@benchside/server/knowledge-base/demo-knowledge-base';
import { hashPassword } from '@benchside/server/passwords';
import type { ObjectStorage } from '@benchside/server/storage/object-storage';
import type { Kysely } from 'kysely';
import type { SigningKeyConfig } from '../catalogue/signing-key.ts';
import { recordDueRemindersAsSent } from '../expiry/reminder-job.ts';
import { seedCards } from './cards.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedConversations } from './conversations.ts';
import { seedDemoCustomers } from './customers.ts';
import { seedDemoNotifications } from './notifications.ts';
import { seedSupportedModels } from './supported-models.ts';
import { seedDemoWatches } from './watches.ts';

export const DEMO_ACCOUNT = {
  username: 'demo',
  email: 'demo@benchside.test',
  password: 'Demo#Bench2026',
  name: 'Demo Technician',
} as const;

/**
 * The one sign-in `npm start` prints, and the demo catalogue (stored under `dataDir`); added only
 * to a database without users, whose planner statistics are then gathered (decision 158). Returns
 * whether it did. Starts on one database take turns, so the second finds the first one's users
 * instead of inserting the same ones again.
 */
export function seedDemo(
  db: Kysely<Database>,
  storage: ObjectStorage,
  config: SigningKeyConfig,
): Promise<boolean> {
  return withAdvisoryLock(db, 'demoSeed', (connection) => seedEmptyDatabase(connection, storage, config));
}

async function seedEmptyDatabase(
  db: Kysely<Database>,
  storage: ObjectStorage,
  config: SigningKeyConfig,
): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const demo = await db
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
  await seedCards(db, demo);
  await recordDueRemindersAsSent(db);
  await seedConversations(db, demo.id);
  await seedKnowledgeBase(db);
  await seedCatalogue(db, storage, config);
  await seedSupportedModels(db);
  await seedDemoWatches(db, demo.id);
  await seedDemoNotifications(db, DEMO_ACCOUNT.username);
  await seedDemoCustomers(db, demo.id);
  await gatherPlannerStatistics(db);
  return true;
}
