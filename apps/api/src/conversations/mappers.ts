import type {
  AttachmentContentType,
  Attachment as AttachmentDto,
  ConversationSummary,
  Thread as ThreadDto,
} from '@benchside/contracts/conversations';
import type { Attachment, Conversation, Thread, ThreadAuthor } from '@benchside/db/database';

/** How long the list's excerpt of the last message is. */
export const EXCERPT_LENGTH = 160;

export function toAttachmentDto(row: Attachment): AttachmentDto {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    // Only sniffed, accepted types are ever stored.
    contentType: row.content_type as AttachmentContentType,
    createdAt: row.created_at.toISOString(),
  };
}

export function toThreadDto(row: Thread, attachments: Attachment[]): ThreadDto {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    author: row.author,
    body: row.body,
    createdAt: row.created_at.toISOString(),
    attachments: attachments.map(toAttachmentDto),
  };
}

export interface ConversationListRow extends Conversation {
  message_count: number | string | null;
  last_author: ThreadAuthor | null;
  last_body: string | null;
}

export function toSummaryDto(row: ConversationListRow): ConversationSummary {
  return {
    id: row.id,
    subject: row.subject,
    source: row.source,
    category: row.category,
    deviceModel: row.device_model,
    createdAt: row.created_at.toISOString(),
    lastMessageAt: row.last_message_at.toISOString(),
    unread: row.user_unread,
    messageCount: Number(row.message_count ?? 0),
    lastMessage:
      row.last_author && row.last_body !== null
        ? { author: row.last_author, excerpt: excerptOf(row.last_body) }
        : null,
  };
}

function excerptOf(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  const characters = [...flat];
  return characters.length <= EXCERPT_LENGTH ? flat : `${characters.slice(0, EXCERPT_LENGTH - 1).join('')}…`;
}
