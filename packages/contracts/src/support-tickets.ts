import { z } from 'zod';
import { attachmentIdsSchema, MAX_MESSAGE_LENGTH } from './conversations.ts';

/**
 * The support service's ticket calls (spec §7 "Support service"): `POST /eup/upload` takes one
 * file (multipart, field `file`, the limits of conversation attachments) and
 * `POST /eup/submit-ticket` turns a filled-in form and the uploaded files into a conversation the
 * user then finds in the portal.
 */

export const MAX_TICKET_SUBJECT_LENGTH = 150;

/** `POST /eup/upload` → 201. */
export const supportUploadResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int().min(0),
  contentType: z.string(),
});
export type SupportUploadResponse = z.infer<typeof supportUploadResponseSchema>;

const requiredText = (message: string, max: number) =>
  z.string().trim().min(1, { message, abort: true }).max(max, `Maximum ${max} symbols`);

/** `POST /eup/submit-ticket`. */
export const submitTicketBodySchema = z.object({
  subject: requiredText('Subject is required', MAX_TICKET_SUBJECT_LENGTH),
  category: requiredText('Category is required', 100),
  description: requiredText('Description is required', MAX_MESSAGE_LENGTH),
  fileIds: attachmentIdsSchema.default([]),
  deviceModel: z.string().trim().max(100, 'Maximum 100 symbols').optional(),
});
export type SubmitTicketBody = z.input<typeof submitTicketBodySchema>;

/** `POST /eup/submit-ticket` → 201. */
export const submitTicketResponseSchema = z.object({ conversationId: z.string() });
