import type { Database } from '@benchside/db/database';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { App } from './create-server.ts';
import { ServiceUnavailableError } from './errors.ts';

export const healthSchema = z.object({ status: z.literal('ok') });

/** Ready when the database answers; load balancers and `npm start`'s callers poll it. */
export function registerHealthRoute(app: App, path: string, db: Kysely<Database>): void {
  app.get(
    path,
    { schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: healthSchema } } },
    async (request) => {
      try {
        await sql`select 1`.execute(db);
      } catch (error) {
        request.log.error({ err: error }, 'Health check: the database does not answer');
        throw new ServiceUnavailableError('The database is unavailable');
      }
      return { status: 'ok' as const };
    },
  );
}
