import { openTestDatabase } from '@benchside/db/test-database';
import { loadConfig } from '@benchside/server/config';
import { createObjectStorage } from '@benchside/server/storage/object-storage';
import type { AdminContext } from '../src/admin/command.ts';

/** What an operator command runs with, on a fresh database, as `npm run admin` on the demo sets it up. */
export async function openAdminContext(print: (line: string) => void) {
  const database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BENCHSIDE_DEMO: '1' });
  const context: AdminContext = {
    config,
    db: database.db,
    storage: await createObjectStorage(config),
    print,
  };
  return { database, context };
}
