import { ATTACHMENT_UNAVAILABLE_MESSAGE, MAX_SUBJECT_LENGTH } from '@benchside/contracts/conversations';
import type { ConversationSource, Database, Thread, ThreadAuthor } from '@benchside/db/database';
import { type Kysely, sql, type Transaction } from 'kysely';
import { NotFoundError, ValidationError } from '../errors.ts';

/**
 * Starting conversations and adding messages, shared by the main API (`POST /api/threads`), the
 * support service (`POST /eup/submit-ticket`) and the operator's `reply` command.
 */

export interface NewMessage {
  body: string;
  /** Ids of the author's unsent uploads; each must be the user's own. */
  attachmentIds: string[];
  /** The request field the ids came from, for the violation's propertyPath. */
  attachmentsField: string;
}

export interface NewConversation extends NewMessage {
  userId: string;
  subject: string;
  source: ConversationSource;
  category?: string | null;
  deviceModel?: string | null;
}

/** A conversation started in the portal is named after its first message's first line. */
export function subjectFromBody(body: string): string {
  const firstLine = body.trim().split(/\r?\n/, 1)[0]?.trim() ?? '';
  const characters = [...firstLine];
  if (characters.length <= MAX_SUBJECT_LENGTH) return firstLine;
  return `${characters
    .slice(0, MAX_SUBJECT_LENGTH - 1)
    .join('')
    .trimEnd()}…`;
}

export function startConversation(
  db: Kysely<Database>,
  conversation: NewConversation,
): Promise<{ conversationId: string; thread: Thread }> {
  return db.transaction().execute((trx) => startConversationIn(trx, conversation));
}

/** `startConversation` inside the caller's transaction, for a caller that writes more with it. */
export async function startConversationIn(
  trx: Transaction<Database>,
  conversation: NewConversation,
): Promise<{ conversationId: string; thread: Thread }> {
  const { id } = await trx
    .insertInto('conversations')
    .values({
      user_id: conversation.userId,
      subject: conversation.subject,
      source: conversation.source,
      category: conversation.category ?? null,
      device_model: conversation.deviceModel ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const thread = await insertThread(trx, id, conversation.userId, 'user', conversation);
  return { conversationId: id, thread };
}

/**
 * Adds a message to a conversation of `userId` (404 for anyone else's). A support message marks
 * the conversation unread for its user.
 */
export async function addThread(
  db: Kysely<Database>,
  conversationId: string,
  userId: string | null,
  author: ThreadAuthor,
  message: NewMessage,
): Promise<Thread> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .updateTable('conversations')
      .set({
        last_message_at: sql<Date>`now()`,
        ...(author === 'support' ? { user_unread: true } : {}),
      })
      .where('id', '=', conversationId);
    if (userId !== null) query = query.where('user_id', '=', userId);
    const conversation = await query.returning('user_id').executeTakeFirst();
    if (!conversation) throw new NotFoundError('Conversation not found');
    return insertThread(trx, conversationId, conversation.user_id, author, message);
  });
}

async function insertThread(
  trx: Transaction<Database>,
  conversationId: string,
  ownerId: string,
  author: ThreadAuthor,
  message: NewMessage,
): Promise<Thread> {
  const thread = await trx
    .insertInto('threads')
    .values({ conversation_id: conversationId, author, body: message.body })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (message.attachmentIds.length > 0) {
    // One atomic claim: a file already sent, or someone else's, leaves a gap and undoes the message.
    const claimed = await trx
      .updateTable('attachments')
      .set({ thread_id: thread.id })
      .where('id', 'in', message.attachmentIds)
      .where('user_id', '=', ownerId)
      .where('thread_id', 'is', null)
      .returning('id')
      .execute();
    const claimedIds = new Set(claimed.map((row) => row.id));
    const violations = message.attachmentIds.flatMap((id, index) =>
      claimedIds.has(id)
        ? []
        : [
            {
              propertyPath: `${message.attachmentsField}[${index}]`,
              message: ATTACHMENT_UNAVAILABLE_MESSAGE,
            },
          ],
    );
    if (violations.length > 0) {
      throw new ValidationError(
        violations.map((violation) => `${violation.propertyPath}: ${violation.message}`).join('\n'),
        { violations },
      );
    }
  }
  return thread;
}
