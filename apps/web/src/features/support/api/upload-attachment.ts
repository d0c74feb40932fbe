import {
  type SupportUploadResponse,
  supportUploadResponseSchema,
} from '@benchside/contracts/support-tickets';
import { supportHttp } from './support-client.ts';

export type UploadedFile = SupportUploadResponse;

/** `POST /eup/upload` (multipart field `file`): a screenshot or log to attach to a ticket. */
export async function uploadAttachment(file: File): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file);
  return supportUploadResponseSchema.parse(await supportHttp.post('/eup/upload', body));
}
