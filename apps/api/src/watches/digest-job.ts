import { withAdvisoryLock } from '@benchside/db/advisory-lock';
import type { Database } from '@benchside/db/database';
import { languageOf } from '@benchside/server/current-user';
import type { Kysely } from 'kysely';
import { mailUser } from '../auth/account-mail.ts';
import { DAY_MS } from '../expiry/due-reminders.ts';
import { watchedPackageMessage } from './watch-message.ts';

/** The UTC day before the one `now` is in: what a digest sent at `now` is about. */
export function digestDay(now: Date): { day: string; start: Date; end: Date } {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const start = new Date(end.getTime() - DAY_MS);
  return { day: start.toISOString().slice(0, 10), start, end };
}

/**
 * One run of the daily watch-list digest at `now`: each user who asked for it and had packages
 * published for their watches on the previous UTC day gets one e-mail listing them, in their
 * language, through the mail outbox. Each user's `watch_digests` row and queued e-mail commit
 * together and the row's key is (user, day), so a second run that day (this node or another, which
 * waits for the lock) sends nothing. Answers how many digests this run sent.
 */
export function runWatchDigests(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const { day, start, end } = digestDay(now);
  return withAdvisoryLock(db, 'watchDigests', async (connection) => {
    const rows = await connection
      .selectFrom('watch_packages as wp')
      .innerJoin('users as u', 'u.id', 'wp.user_id')
      .innerJoin('catalogue_files as f', 'f.id', 'wp.package_id')
      .select([
        'u.id as user_id',
        'u.email',
        'u.name as user_name',
        'u.language',
        'f.kind',
        'f.brand',
        'f.model',
        'f.soft',
        'f.version',
        'f.file',
      ])
      .where('u.watch_digest_emails', '=', true)
      .where('wp.published_at', '>=', start)
      .where('wp.published_at', '<', end)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('watch_digests as d')
              .select('d.user_id')
              .whereRef('d.user_id', '=', 'u.id')
              .where('d.day', '=', day),
          ),
        ),
      )
      .orderBy('u.id')
      .orderBy('wp.published_at')
      .orderBy('wp.package_id')
      .execute();
    const byUser = new Map<string, typeof rows>();
    for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
    let sent = 0;
    for (const [userId, packages] of byUser) {
      const [first] = packages;
      if (!first) continue;
      const owner = { email: first.email, name: first.user_name, language: first.language };
      const lines = packages.flatMap((pkg) =>
        pkg.kind === 'firmware' || pkg.kind === 'tool'
          ? [`- ${watchedPackageMessage(languageOf(owner), { ...pkg, kind: pkg.kind, name: pkg.file })}`]
          : [],
      );
      const mailed = await connection.transaction().execute(async (trx) => {
        const recorded = await trx
          .insertInto('watch_digests')
          .values({ user_id: userId, day })
          .onConflict((conflict) => conflict.columns(['user_id', 'day']).doNothing())
          .returning('user_id')
          .executeTakeFirst();
        if (!recorded) return false;
        await mailUser(trx, owner, { kind: 'watchDigest', message: lines.join('\n') });
        return true;
      });
      if (mailed) sent++;
    }
    return sent;
  });
}
