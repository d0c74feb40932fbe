import { z } from 'zod';
import { pagingQuerySchema } from './common.ts';

/**
 * Conversations with support (spec §3 and §7 "Conversations"): a conversation holds messages
 * (the spec's threads), a message may carry attachments uploaded beforehand.
 */

/**
 * 10 MB per file, counted in thousands as the web app writes sizes, so the limit it shows reads
 * "10 MB" as FILE_TOO_LARGE_MESSAGE says; a larger upload answers 413.
 */
export const MAX_ATTACHMENT_BYTES = 10_000_000;
/** Files one message (or one support ticket) may carry. */
export const MAX_ATTACHMENTS_PER_MESSAGE = 10;
export const MAX_MESSAGE_LENGTH = 5000;
/** The subject of a conversation started in the portal is its message's first line, cut here. */
export const MAX_SUBJECT_LENGTH = 120;

/**
 * What an upload may be, decided from the file's first bytes, never from its name or the
 * browser's claim: screenshots, PDFs, zip archives and plain-text logs.
 */
export const ATTACHMENT_CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'application/zip',
  'text/plain',
] as const;
export type AttachmentContentType = (typeof ATTACHMENT_CONTENT_TYPES)[number];

/** What the file picker offers; the server still checks the content. */
export const ATTACHMENT_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.pdf,.zip,.txt,.log,image/*,application/pdf';

export const UNSUPPORTED_FILE_TYPE_MESSAGE =
  'This type of file is not accepted. Attach images (PNG, JPEG, GIF, WebP), PDF, ZIP or text files.';
export const FILE_TOO_LARGE_MESSAGE = 'The file is larger than 10 MB.';
export const ATTACHMENT_UNAVAILABLE_MESSAGE = 'This file is not available. Upload it again.';

export const attachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int().min(0),
  contentType: z.enum(ATTACHMENT_CONTENT_TYPES),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const threadAuthorSchema = z.enum(['user', 'support']);

export const threadSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  author: threadAuthorSchema,
  body: z.string(),
  createdAt: z.string(),
  attachments: z.array(attachmentSchema),
});
export type Thread = z.infer<typeof threadSchema>;

export const conversationSourceSchema = z.enum(['portal', 'ticket']);

export const conversationSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  source: conversationSourceSchema,
  category: z.string().nullable(),
  deviceModel: z.string().nullable(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  /** Support has answered since the user last opened it. */
  unread: z.boolean(),
  messageCount: z.number().int().min(0),
  lastMessage: z.object({ author: threadAuthorSchema, excerpt: z.string() }).nullable(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationDetailSchema = conversationSummarySchema.extend({
  threads: z.array(threadSchema),
});

/** `GET /api/conversations`: newest activity first. */
export const conversationsQuerySchema = pagingQuerySchema;

export const messageBodySchema = z
  .string()
  .trim()
  .min(1, { message: 'Message is required', abort: true })
  .max(MAX_MESSAGE_LENGTH, `Maximum ${MAX_MESSAGE_LENGTH} symbols`);

/** Ids of the user's own uploaded, not yet sent files. */
export const attachmentIdsSchema = z
  .array(z.uuid('Field is not valid'))
  .max(MAX_ATTACHMENTS_PER_MESSAGE, `At most ${MAX_ATTACHMENTS_PER_MESSAGE} files per message`)
  .refine((ids) => new Set(ids).size === ids.length, 'A file is listed twice');

/**
 * `POST /api/threads`: a reply when `conversationId` is set, otherwise a new conversation whose
 * subject is the message's first line.
 */
export const createThreadBodySchema = z.object({
  body: messageBodySchema,
  conversationId: z.uuid('Field is not valid').nullable().optional(),
  attachments: attachmentIdsSchema.default([]),
});
export type CreateThreadBody = z.input<typeof createThreadBodySchema>;
