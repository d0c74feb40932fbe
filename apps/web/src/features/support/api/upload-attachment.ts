import {
  type SupportUploadResponse,
  supportUploadResponseSchema,
} from '@benchside/contracts/support-tickets';
import { useMutation } from '@tanstack/react-query';
import { supportHttp } from './support-client.ts';

export { ATTACHMENT_ACCEPT, MAX_ATTACHMENT_BYTES } from '@benchside/contracts/conversations';

export type UploadedFile = SupportUploadResponse;

/** `POST /eup/upload` (multipart field `file`): a screenshot or log to attach to a ticket. */
export async function uploadAttachment(file: File): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file);
  return supportUploadResponseSchema.parse(await supportHttp.post('/eup/upload', body));
}

export function useUploadAttachment() {
  return useMutation({ mutationFn: uploadAttachment });
}
