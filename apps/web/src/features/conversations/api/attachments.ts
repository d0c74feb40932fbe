import { type Attachment, attachmentSchema } from '@benchside/contracts/conversations';
import { useMutation } from '@tanstack/react-query';
import { ApiError, http } from '../../../lib/http.ts';

/** The API path that serves an attachment as a download. */
export function attachmentDownloadUrl(id: string): string {
  return `/api/attachments/${encodeURIComponent(id)}/download`;
}

async function errorOf(xhr: XMLHttpRequest): Promise<ApiError> {
  try {
    const { errorBodySchema } = await import('@benchside/contracts/common');
    const parsed = errorBodySchema.loose().safeParse(JSON.parse(xhr.responseText));
    return new ApiError(xhr.status, parsed.success ? parsed.data : null);
  } catch {
    return new ApiError(xhr.status, null);
  }
}

/**
 * `POST /api/attachments` (multipart, field `file`). XMLHttpRequest rather than fetch: only it
 * reports upload progress in every browser. `onProgress` gets 0..1.
 */
export function uploadAttachment(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<Attachment> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/attachments');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status === 201) {
        try {
          resolve(attachmentSchema.parse(JSON.parse(xhr.responseText)));
        } catch (error) {
          reject(error);
        }
        return;
      }
      // The http client owns the spec's 401 rule: a call through it ends the session properly.
      if (xhr.status === 401) void http.get('/me').catch(() => undefined);
      void errorOf(xhr).then(reject);
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, null)));
    xhr.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** `DELETE /api/attachments/{id}`: an uploaded file the user no longer wants to send. */
export function useRemoveAttachment() {
  return useMutation({
    mutationFn: (id: string) => http.delete(`/attachments/${encodeURIComponent(id)}`),
  });
}
