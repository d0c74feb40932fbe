import { collectionSchema } from '@benchside/contracts/common';
import {
  attachmentSchema,
  conversationDetailSchema,
  conversationSummarySchema,
  conversationsQuerySchema,
  createThreadBodySchema,
  threadSchema,
} from '@benchside/contracts/conversations';
import type { Database } from '@benchside/db/database';
import type { AttachmentStorage } from '@benchside/server/conversations/attachment-storage';
import { addThread, startConversation, subjectFromBody } from '@benchside/server/conversations/conversations';
import { receiveAttachment, registerAttachmentUploads } from '@benchside/server/conversations/uploads';
import type { App } from '@benchside/server/create-server';
import { HttpError, NotFoundError } from '@benchside/server/errors';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { toAttachmentDto, toSummaryDto, toThreadDto } from './mappers.ts';
import {
  conversationThreads,
  deleteUnsentAttachment,
  findConversation,
  findOwnAttachment,
  listConversations,
  markConversationRead,
  threadAttachments,
} from './store.ts';

export interface ConversationsContext {
  db: Kysely<Database>;
  storage: AttachmentStorage;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParamsSchema = z.object({ id: z.string().max(64) });

export const SENT_ATTACHMENT_MESSAGE = 'This file has been sent and can no longer be removed.';

/** A path id that is not a UUID cannot name anything: 404 like any id that is not the user's. */
function requireUuid(id: string): string {
  if (!UUID.test(id)) throw new NotFoundError();
  return id;
}

/** Spec §7 "Conversations": the user's conversations with support, their messages and files. */
export async function registerConversationRoutes(app: App, context: ConversationsContext): Promise<void> {
  const { db, storage } = context;
  await registerAttachmentUploads(app);

  app.get(
    '/api/conversations',
    {
      schema: {
        tags: ['conversations'],
        summary: "The user's conversations with support, newest activity first, with their unread state",
        security: [{ session: [] }],
        querystring: conversationsQuerySchema,
        response: { 200: collectionSchema(conversationSummarySchema) },
      },
    },
    async (request) => {
      const user = request.user;
      const { page, itemsPerPage } = request.query;
      const { rows, totalItems } = await listConversations(db, user.id, { page, itemsPerPage });
      return { member: rows.map(toSummaryDto), totalItems };
    },
  );

  app.get(
    '/api/conversations/:id',
    {
      schema: {
        tags: ['conversations'],
        summary: 'One conversation with every message and attachment; opening it marks it read',
        security: [{ session: [] }],
        params: idParamsSchema,
        response: { 200: conversationDetailSchema },
      },
    },
    async (request) => {
      const user = request.user;
      const id = requireUuid(request.params.id);
      const conversation = await findConversation(db, user.id, id);
      if (!conversation) throw new NotFoundError('Conversation not found');
      const { threads, attachments } = await conversationThreads(db, id);
      if (conversation.user_unread) await markConversationRead(db, id);
      return {
        ...toSummaryDto({ ...conversation, user_unread: false }),
        threads: threads.map((thread) =>
          toThreadDto(
            thread,
            attachments.filter((attachment) => attachment.thread_id === thread.id),
          ),
        ),
      };
    },
  );

  app.post(
    '/api/threads',
    {
      schema: {
        tags: ['conversations'],
        summary:
          'Send a message: a reply to conversationId, or, without it, a new conversation named after the first line',
        security: [{ session: [] }],
        body: createThreadBodySchema,
        response: { 201: threadSchema },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const { body, conversationId, attachments } = request.body;
      const message = { body, attachmentIds: attachments, attachmentsField: 'attachments' };
      const thread = conversationId
        ? await addThread(db, conversationId, user.id, 'user', message)
        : (
            await startConversation(db, {
              ...message,
              userId: user.id,
              subject: subjectFromBody(body),
              source: 'portal',
            })
          ).thread;
      const sent = attachments.length === 0 ? [] : await threadAttachments(db, thread.id);
      return reply.code(201).send(toThreadDto(thread, sent));
    },
  );

  app.post(
    '/api/attachments',
    {
      config: { acceptsMultipart: true },
      schema: {
        tags: ['conversations'],
        summary:
          'Upload a file to attach to your next message (multipart, field file; 10 MB; images, PDF, ZIP, text)',
        security: [{ session: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: attachmentSchema },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const row = await receiveAttachment(request, db, storage, user.id);
      return reply.code(201).send(toAttachmentDto(row));
    },
  );

  app.delete(
    '/api/attachments/:id',
    {
      schema: {
        tags: ['conversations'],
        summary: 'Remove one of your uploaded files before it is sent (409 once sent)',
        security: [{ session: [] }],
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const user = request.user;
      const id = requireUuid(request.params.id);
      const removedKey = await deleteUnsentAttachment(db, user.id, id);
      if (removedKey !== undefined) {
        await storage.remove(removedKey);
        return reply.code(204).send();
      }
      const sent = await findOwnAttachment(db, user.id, id);
      if (sent) throw new HttpError(409, 'BS_ERR_ATTACHMENT_SENT', SENT_ATTACHMENT_MESSAGE);
      throw new NotFoundError('Attachment not found');
    },
  );

  app.get(
    '/api/attachments/:id/download',
    {
      schema: {
        tags: ['conversations'],
        summary: 'Download one of your attachments (always as a download, never rendered inline)',
        security: [{ session: [] }],
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const user = request.user;
      const id = requireUuid(request.params.id);
      const attachment = await findOwnAttachment(db, user.id, id);
      if (!attachment) throw new NotFoundError('Attachment not found');
      const file = await storage.open(attachment.storage_key);
      if (!file) throw new NotFoundError('Attachment not found');
      const contentType =
        attachment.content_type === 'text/plain' ? 'text/plain; charset=utf-8' : attachment.content_type;
      return reply
        .header('content-type', contentType)
        .header('content-length', String(attachment.size))
        .header('content-disposition', contentDisposition(attachment.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  )}`;
}
