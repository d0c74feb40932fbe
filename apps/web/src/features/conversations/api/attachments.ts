import { type Attachment, attachmentSchema } from '@benchside/contracts/conversations';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** The API path that serves an attachment as a download. */
export function attachmentDownloadUrl(id: string): string {
  return `/api/attachments/${encodeURIComponent(id)}/download`;
}

/** `POST /api/attachments` (multipart, field `file`), reporting 0..1 to `onProgress` as it goes up. */
export async function uploadAttachment(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<Attachment> {
  const form = new FormData();
  form.append('file', file, file.name);
  return attachmentSchema.parse(await http.upload('/attachments', form, { onProgress, signal }));
}

/** `DELETE /api/attachments/{id}`: an uploaded file the user no longer wants to send. */
export function useRemoveAttachment() {
  return useMutation({
    mutationFn: (id: string) => http.delete(`/attachments/${encodeURIComponent(id)}`),
  });
}
