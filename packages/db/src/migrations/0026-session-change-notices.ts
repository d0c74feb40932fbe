import { type Kysely, sql } from 'kysely';
import { EVERY_SESSION, SESSION_CHANGES_CHANNEL } from '../session-change-notices.ts';

/**
 * A notice (NOTIFY) whenever what a session lookup reads may have changed: a session updated or
 * deleted (its token hash; a new session was never looked up, so an insert says nothing), any
 * change to users, or either table truncated (`*`). The embedded database's single process keeps
 * looked-up sessions in memory and forgets them on these notices (decision 156); deleted cascades,
 * data-modifying CTEs and statements outside the sessions module all fire them, as nothing written
 * in the application could promise. On PostgreSQL nothing listens and the notices are dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function notify_session_change() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'sessions' and tg_level = 'ROW' then
        perform pg_notify(${sql.lit(SESSION_CHANGES_CHANNEL)}, old.token_hash);
      else
        perform pg_notify(${sql.lit(SESSION_CHANGES_CHANNEL)}, ${sql.lit(EVERY_SESSION)});
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger sessions_changed after update or delete on sessions
    for each row execute function notify_session_change()`.execute(db);
  await sql`create trigger sessions_truncated after truncate on sessions
    for each statement execute function notify_session_change()`.execute(db);
  await sql`create trigger users_changed after update or delete or truncate on users
    for each statement execute function notify_session_change()`.execute(db);
}
