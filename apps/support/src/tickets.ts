import {
  submitTicketBodySchema,
  submitTicketResponseSchema,
  supportUploadResponseSchema,
} from '@benchside/contracts/support-tickets';
import type { Database } from '@benchside/db/database';
import type { AttachmentStorage } from '@benchside/server/conversations/attachment-storage';
import { startConversation } from '@benchside/server/conversations/conversations';
import { receiveAttachment, registerAttachmentUploads } from '@benchside/server/conversations/uploads';
import type { App } from '@benchside/server/create-server';
import type { Kysely } from 'kysely';

export interface TicketContext {
  db: Kysely<Database>;
  storage: AttachmentStorage;
}

/**
 * Spec §7 "Support service": `POST /eup/upload` stores a file the way conversation attachments are
 * stored (same limits, same table), and `POST /eup/submit-ticket` starts a conversation from the
 * ticket form with those files, which the portal then lists under the user's conversations.
 */
export async function registerTicketRoutes(app: App, context: TicketContext): Promise<void> {
  const { db, storage } = context;
  await registerAttachmentUploads(app);

  app.post(
    '/eup/upload',
    {
      config: { acceptsMultipart: true },
      schema: {
        consumes: ['multipart/form-data'],
        response: { 201: supportUploadResponseSchema },
      },
    },
    async (request, reply) => {
      const row = await receiveAttachment(request, db, storage, request.user.id);
      return reply
        .code(201)
        .send({ id: row.id, name: row.name, size: row.size, contentType: row.content_type });
    },
  );

  app.post(
    '/eup/submit-ticket',
    {
      schema: { body: submitTicketBodySchema, response: { 201: submitTicketResponseSchema } },
    },
    async (request, reply) => {
      const ticket = request.body;
      const { conversationId } = await startConversation(db, {
        userId: request.user.id,
        subject: ticket.subject,
        source: 'ticket',
        category: ticket.category,
        deviceModel: ticket.deviceModel || null,
        body: ticket.description,
        attachmentIds: ticket.fileIds,
        attachmentsField: 'fileIds',
      });
      return reply.code(201).send({ conversationId });
    },
  );
}
