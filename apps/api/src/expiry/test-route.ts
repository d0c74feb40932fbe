import type { Database } from '@benchside/db/database';
import type { App } from '@benchside/server/create-server';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { runExpiryReminders } from './reminder-job.ts';

/**
 * `POST /api/test/expiry-reminders/run`: one run of the reminder job as if the clock read `at`.
 * Registered only on the end-to-end stack (`E2E_EXPIRY_REMINDER_ROUTE`, which needs the demo), so a
 * browser test can see a reminder arrive without waiting for a threshold.
 */
export function registerExpiryReminderTestRoute(app: App, db: Kysely<Database>): void {
  app.post(
    '/api/test/expiry-reminders/run',
    {
      schema: {
        hide: true,
        body: z.object({ at: z.iso.datetime().optional() }),
        response: { 200: z.object({ sent: z.number().int() }) },
      },
    },
    async (request) => {
      const at = request.body.at ? new Date(request.body.at) : new Date();
      return { sent: await runExpiryReminders(db, at) };
    },
  );
}
