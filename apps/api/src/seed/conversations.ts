import type { Database } from '@benchside/db/database';
import { addThread, startConversation } from '@benchside/server/conversations/conversations';
import type { Kysely } from 'kysely';

export const DEMO_CONVERSATION_SUBJECT = 'Card reader not detected after the last update';

/** One conversation with a support reply, unread, so the demo shows both sides and the unread state. */
export async function seedConversations(db: Kysely<Database>, userId: string): Promise<void> {
  const { conversationId } = await startConversation(db, {
    userId,
    subject: DEMO_CONVERSATION_SUBJECT,
    source: 'portal',
    body: `${DEMO_CONVERSATION_SUBJECT}\n\nSince updating the helper yesterday my smart-card reader is no longer listed. I already tried another USB port.`,
    attachmentIds: [],
    attachmentsField: 'attachments',
  });
  await addThread(db, conversationId, null, 'support', {
    body: 'Thanks for the report. Please reinstall the reader driver from Tools, restart the helper and tell us whether the reader shows up again.',
    attachmentIds: [],
    attachmentsField: 'attachments',
  });
}
