import type { PagingQuery } from '@benchside/contracts/common';
import type { Attachment, Database, Thread } from '@benchside/db/database';
import { pageWindow } from '@benchside/db/page-window';
import { type Kysely, sql } from 'kysely';
import type { ConversationListRow } from './mappers.ts';

/** The signed-in user's conversations and attachments: every read is scoped to one user id. */

/** The user's conversations, each with its message count and the author and start of its last message. */
function conversationSummaries(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('conversations')
    .selectAll('conversations')
    .select((eb) => [
      eb
        .selectFrom('threads')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('threads.conversation_id', '=', 'conversations.id')
        .as('message_count'),
      eb
        .selectFrom('threads')
        .select('threads.author')
        .whereRef('threads.conversation_id', '=', 'conversations.id')
        .orderBy('threads.created_at', 'desc')
        .orderBy('threads.id', 'desc')
        .limit(1)
        .as('last_author'),
      eb
        .selectFrom('threads')
        .select(sql<string>`left(threads.body, 400)`.as('body'))
        .whereRef('threads.conversation_id', '=', 'conversations.id')
        .orderBy('threads.created_at', 'desc')
        .orderBy('threads.id', 'desc')
        .limit(1)
        .as('last_body'),
    ])
    .where('conversations.user_id', '=', userId);
}

/** One page of the user's conversations, newest activity first, and how many they have. */
export async function listConversations(
  db: Kysely<Database>,
  userId: string,
  paging: PagingQuery,
): Promise<{ rows: ConversationListRow[]; totalItems: number }> {
  const window = pageWindow(paging.page, paging.itemsPerPage);
  const [rows, total] = await Promise.all([
    conversationSummaries(db, userId)
      .orderBy('conversations.last_message_at', 'desc')
      .orderBy('conversations.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    db
      .selectFrom('conversations')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totalItems: Number(total.total) };
}

/** The user's conversation `id`, or undefined when it is someone else's or unknown. */
export function findConversation(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<ConversationListRow | undefined> {
  return conversationSummaries(db, userId).where('conversations.id', '=', id).executeTakeFirst();
}

/** A conversation's messages and their attachments, both oldest first. */
export async function conversationThreads(
  db: Kysely<Database>,
  conversationId: string,
): Promise<{ threads: Thread[]; attachments: Attachment[] }> {
  const threads = await db
    .selectFrom('threads')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const attachments =
    threads.length === 0
      ? []
      : await db
          .selectFrom('attachments')
          .selectAll()
          .where(
            'thread_id',
            'in',
            threads.map((thread) => thread.id),
          )
          .orderBy('created_at', 'asc')
          .orderBy('id', 'asc')
          .execute();
  return { threads, attachments };
}

export async function markConversationRead(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('conversations').set({ user_unread: false }).where('id', '=', id).execute();
}

/** The files sent with one message, oldest first. */
export function threadAttachments(db: Kysely<Database>, threadId: string): Promise<Attachment[]> {
  return db
    .selectFrom('attachments')
    .selectAll()
    .where('thread_id', '=', threadId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** Deletes the user's attachment if it has not been sent; its storage key, or undefined when nothing was deleted. */
export async function deleteUnsentAttachment(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<string | undefined> {
  const removed = await db
    .deleteFrom('attachments')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('thread_id', 'is', null)
    .returning('storage_key')
    .executeTakeFirst();
  return removed?.storage_key;
}

/** The user's attachment `id`, sent or not, or undefined when it is someone else's or unknown. */
export function findOwnAttachment(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<Attachment | undefined> {
  return db
    .selectFrom('attachments')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
