import type { Language } from '@benchside/contracts/languages';
import { watchTargetLink } from '@benchside/contracts/watches';
import type { Database } from '@benchside/db/database';
import { languageOf } from '@benchside/server/current-user';
import type { Transaction } from 'kysely';
import { storeNotification } from '../notifications/store.ts';
import { type WatchColumns, watchesOf } from './store.ts';
import { type WatchedPackage, watchedPackageMessage } from './watch-message.ts';

/** What a package is news for: a firmware for its model, a tool for its soft; a file for no one. */
function watchTargetOf(pkg: WatchedPackage): WatchColumns | null {
  if (pkg.kind === 'firmware' && pkg.brand && pkg.model)
    return { kind: 'model', brand: pkg.brand, name: pkg.model };
  if (pkg.kind === 'tool' && pkg.soft) return { kind: 'tool', brand: null, name: pkg.soft };
  return null;
}

/**
 * Tells everyone watching the package's model or tool, inside the publish transaction: a publish
 * that fails notifies no one. Each watch records the package once (`watch_packages`' key), and only
 * the watches that recorded it now are notified, so running this again notifies no one twice. A
 * restricted package is news only for users granted its soft, as only they see it listed.
 * Answers how many watchers were notified.
 */
export async function notifyWatchers(
  trx: Transaction<Database>,
  packageId: number,
  now: Date = new Date(),
): Promise<number> {
  const row = await trx
    .selectFrom('catalogue_files')
    .select(['kind', 'brand', 'model', 'soft', 'version', 'file', 'restricted'])
    .where('id', '=', packageId)
    .executeTakeFirst();
  if (!row || (row.kind !== 'firmware' && row.kind !== 'tool')) return 0;
  const pkg: WatchedPackage = { ...row, kind: row.kind, name: row.file };
  const target = watchTargetOf(pkg);
  if (!target) return 0;
  let watching = trx
    .selectFrom('watches')
    .select((eb) => [
      'watches.id',
      eb.cast<number>(eb.val(packageId), 'integer').as('package_id'),
      'watches.user_id',
      eb.cast<Date>(eb.val(now), 'timestamptz').as('published_at'),
    ])
    .where(watchesOf(target));
  if (row.restricted) {
    watching = watching.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('catalogue_grants')
          .select('catalogue_grants.user_id')
          .whereRef('catalogue_grants.user_id', '=', 'watches.user_id')
          .where('catalogue_grants.soft', '=', row.soft ?? ''),
      ),
    );
  }
  const recorded = await trx
    .insertInto('watch_packages')
    .columns(['watch_id', 'package_id', 'user_id', 'published_at'])
    .expression(watching)
    .onConflict((conflict) => conflict.columns(['watch_id', 'package_id']).doNothing())
    .returning('user_id')
    .execute();
  if (recorded.length === 0) return 0;
  const watchers = await trx
    .selectFrom('users')
    .select(['id', 'language'])
    .where(
      'id',
      'in',
      recorded.map((watcher) => watcher.user_id),
    )
    .execute();
  const byLanguage = new Map<Language, string[]>();
  for (const watcher of watchers) {
    const language = languageOf(watcher);
    byLanguage.set(language, [...(byLanguage.get(language) ?? []), watcher.id]);
  }
  const link = watchTargetLink(target);
  for (const [language, userIds] of byLanguage) {
    await storeNotification(trx, watchedPackageMessage(language, pkg), { userIds }, now, link);
  }
  return watchers.length;
}
