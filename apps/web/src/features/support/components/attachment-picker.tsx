import { ATTACHMENT_ACCEPT, MAX_ATTACHMENT_BYTES } from '@benchside/contracts/conversations';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { formatBytes } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { type UploadedFile, uploadAttachment } from '../api/upload-attachment.ts';

export interface Attachment {
  key: string;
  name: string;
  size: number;
  state: 'uploading' | 'uploaded' | 'failed';
  uploaded?: UploadedFile;
  error?: string;
}

let nextKey = 0;

/**
 * Screenshots and logs for a ticket: each file is uploaded as soon as it is picked, and any can be
 * removed again before the ticket is sent (a removed one is simply not part of the ticket).
 */
export function AttachmentPicker({
  attachments,
  onChange,
}: {
  attachments: Attachment[];
  onChange: (update: (current: Attachment[]) => Attachment[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const maxSize = formatBytes(MAX_ATTACHMENT_BYTES, i18n.language);

  const update = (key: string, change: Partial<Attachment>) =>
    onChange((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const add = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      nextKey += 1;
      const key = `attachment-${nextKey}`;
      const tooLarge = file.size > MAX_ATTACHMENT_BYTES;
      onChange((current) => [
        ...current,
        {
          key,
          name: file.name,
          size: file.size,
          state: tooLarge ? 'failed' : 'uploading',
          ...(tooLarge ? { error: t('support.attachments.tooLarge', { size: maxSize }) } : {}),
        },
      ]);
      if (tooLarge) continue;
      uploadAttachment(file).then(
        (uploaded) => update(key, { state: 'uploaded', uploaded }),
        (error: unknown) =>
          update(key, {
            state: 'failed',
            error:
              error instanceof ApiError && error.status === 413
                ? t('support.attachments.tooLarge', { size: maxSize })
                : apiErrorMessage(t, error, t('support.attachments.failed')),
          }),
      );
    }
    if (input.current) input.current.value = '';
  };

  return (
    <div className="mb-4">
      <label htmlFor={inputId} className="form-label">
        {t('support.attachments.label')}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        className="form-control"
        aria-describedby={`${inputId}-hint`}
        onChange={(event) => add(event.target.files)}
      />
      <div id={`${inputId}-hint`} className="form-text">
        {t('support.attachments.hint', { size: maxSize })}
      </div>
      {attachments.length > 0 ? (
        <ul className="list-group mt-3" aria-label={t('support.attachments.listLabel')}>
          {attachments.map((item) => (
            <li key={item.key} className="list-group-item d-flex align-items-center gap-3">
              <span className="flex-grow-1 text-break">
                <span className="d-block">{item.name}</span>
                <span className={`small ${item.state === 'failed' ? 'text-danger' : 'text-body-secondary'}`}>
                  {item.state === 'uploading'
                    ? t('support.attachments.uploading')
                    : item.state === 'failed'
                      ? item.error
                      : formatBytes(item.size, i18n.language)}
                </span>
              </span>
              {item.state === 'uploading' ? <Spinner small className="text-primary" /> : null}
              <button
                type="button"
                className="btn-close"
                aria-label={t('support.attachments.remove', { name: item.name })}
                onClick={() => onChange((current) => current.filter((other) => other.key !== item.key))}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
