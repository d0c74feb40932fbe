import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { supportRequest } from './support-client.ts';

// The contract of `POST /eup/upload` as agreed with the tickets endpoints; kept here until
// packages/contracts/src/support-tickets.ts (theirs) is merged.
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_ACCEPT = 'image/*,application/pdf,application/zip,.zip,text/plain,.txt,.log';

export const uploadedFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** `POST /eup/upload` (multipart field `file`): a screenshot or log to attach to a ticket. */
export async function uploadAttachment(file: File): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file);
  return uploadedFileSchema.parse(await supportRequest('POST', '/eup/upload', { body }));
}

export function useUploadAttachment() {
  return useMutation({ mutationFn: uploadAttachment });
}
