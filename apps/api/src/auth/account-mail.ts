import type { Database, User } from '@benchside/db/database';
import { languageOf } from '@benchside/server/current-user';
import { enqueueMail } from '@benchside/server/mail/outbox';
import type { MailContent } from '@benchside/server/mail/templates';
import type { Kysely } from 'kysely';

/**
 * Queues one of the account e-mails to a user, in their language and with their name, through the
 * executor given: a transaction's mail goes out only once it commits (never on a rollback), and
 * no route waits for the mail server. Pass the plain `db` when there is no transaction.
 */
export function mailUser(
  executor: Kysely<Database>,
  user: Pick<User, 'email' | 'name' | 'language'>,
  content: MailContent,
  to: string = user.email,
): Promise<void> {
  return enqueueMail(executor, to, { ...content, language: languageOf(user), name: user.name });
}
