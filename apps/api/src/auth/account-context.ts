import type { Database } from '@benchside/db/database';
import type { RateLimiter } from '@benchside/server/rate-limit';
import type { Kysely } from 'kysely';

/** What every account route needs besides the app. */
export interface AccountContext {
  db: Kysely<Database>;
  limiter: RateLimiter;
}
