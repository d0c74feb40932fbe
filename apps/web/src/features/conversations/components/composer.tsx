import {
  ATTACHMENT_ACCEPT,
  type Attachment,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_PER_MESSAGE,
  type Thread,
} from '@benchside/contracts/conversations';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { formatBytes } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { uploadAttachment, useRemoveAttachment } from '../api/attachments.ts';
import { useSendThread } from '../api/conversations.ts';

interface PendingFile {
  key: string;
  file: File;
  progress: number;
  controller: AbortController;
  attachment: Attachment | null;
  error: string | null;
}

let nextKey = 0;

/**
 * Writes a message with files: each file uploads as soon as it is picked (with its progress) and
 * can be removed before sending. Without `conversationId` the message starts a new conversation.
 */
export function Composer({
  conversationId,
  onSent,
}: {
  conversationId: string | null;
  onSent?: (thread: Thread) => void;
}) {
  const { t, i18n } = useTranslation();
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const send = useSendThread();
  const remove = useRemoveAttachment();
  const inputId = useId();
  const messageId = useId();
  const hintId = useId();
  const filesRef = useRef(files);
  filesRef.current = files;

  // Uploads still running when the composer goes away are cancelled.
  useEffect(
    () => () => {
      for (const pending of filesRef.current) pending.controller.abort();
    },
    [],
  );

  const update = (key: string, change: Partial<PendingFile>) =>
    setFiles((current) =>
      current.map((pending) => (pending.key === key ? { ...pending, ...change } : pending)),
    );

  const uploadErrorOf = (error: unknown, name: string): string => {
    if (error instanceof ApiError) {
      if (error.status === 413) return t('conversations.errors.tooLarge', { name });
      if (error.status === 415) return t('conversations.errors.unsupportedType', { name });
      if (error.status === 409) return t('conversations.errors.tooManyWaiting');
    }
    return t('conversations.errors.uploadFailed', { name });
  };

  const addFiles = (picked: File[]) => {
    setNotice(null);
    const room = MAX_ATTACHMENTS_PER_MESSAGE - filesRef.current.length;
    if (picked.length > room)
      setNotice(t('conversations.composer.tooManyFiles', { max: MAX_ATTACHMENTS_PER_MESSAGE }));
    for (const file of picked.slice(0, Math.max(0, room))) {
      nextKey += 1;
      const pending: PendingFile = {
        key: `file-${nextKey}`,
        file,
        progress: 0,
        controller: new AbortController(),
        attachment: null,
        error:
          file.size > MAX_ATTACHMENT_BYTES ? t('conversations.errors.tooLarge', { name: file.name }) : null,
      };
      setFiles((current) => [...current, pending]);
      if (pending.error) continue;
      uploadAttachment(file, (progress) => update(pending.key, { progress }), pending.controller.signal).then(
        (attachment) => update(pending.key, { attachment, progress: 1 }),
        (error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          update(pending.key, { error: uploadErrorOf(error, file.name) });
        },
      );
    }
  };

  const removeFile = (pending: PendingFile) => {
    setNotice(null);
    pending.controller.abort();
    if (!pending.attachment) {
      setFiles((current) => current.filter((item) => item.key !== pending.key));
      return;
    }
    remove.mutate(pending.attachment.id, {
      onSuccess: () => setFiles((current) => current.filter((item) => item.key !== pending.key)),
      onError: () => setNotice(t('conversations.errors.removeFailed')),
    });
  };

  const uploading = files.some((pending) => !pending.attachment && !pending.error);
  const ready = files.flatMap((pending) => (pending.attachment ? [pending.attachment.id] : []));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (uploading) {
      setNotice(t('conversations.composer.waitForUploads'));
      return;
    }
    send.mutate(
      { body, conversationId, attachments: ready },
      {
        onSuccess: (thread) => {
          setBody('');
          setFiles([]);
          setNotice(null);
          onSent?.(thread);
        },
      },
    );
  };

  return (
    <form className="card conversation-composer" onSubmit={submit} noValidate>
      <div className="card-body">
        <label htmlFor={messageId} className="form-label fw-semibold">
          {conversationId ? t('conversations.composer.reply') : t('conversations.composer.message')}
        </label>
        <textarea
          id={messageId}
          className="form-control"
          rows={conversationId ? 3 : 6}
          value={body}
          maxLength={5000}
          onChange={(event) => setBody(event.target.value)}
          aria-describedby={conversationId ? undefined : hintId}
          placeholder={t('conversations.composer.placeholder')}
        />
        {conversationId ? null : (
          <div id={hintId} className="form-text">
            {t('conversations.composer.subjectHint')}
          </div>
        )}

        {files.length > 0 ? (
          <ul
            className="list-unstyled conversation-pending mt-3 mb-0"
            aria-label={t('conversations.attachments')}
          >
            {files.map((pending) => (
              <li key={pending.key} className="conversation-pending-item">
                <div className="d-flex align-items-center gap-2">
                  <span className="text-truncate flex-grow-1">
                    {pending.file.name}{' '}
                    <span className="text-body-secondary small">
                      {formatBytes(pending.file.size, i18n.language)}
                    </span>
                  </span>
                  {pending.attachment ? (
                    <span className="badge text-bg-success">{t('conversations.composer.uploaded')}</span>
                  ) : null}
                  <button
                    type="button"
                    className="btn btn-sm btn-link text-danger"
                    aria-label={t('conversations.composer.remove', { name: pending.file.name })}
                    onClick={() => removeFile(pending)}
                  >
                    ×
                  </button>
                </div>
                {pending.error ? (
                  <div className="text-danger small" role="alert">
                    {pending.error}
                  </div>
                ) : pending.attachment ? null : (
                  <div
                    className="progress"
                    role="progressbar"
                    aria-label={t('conversations.composer.uploading', { name: pending.file.name })}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(pending.progress * 100)}
                  >
                    <div
                      className="progress-bar"
                      style={{ width: `${Math.round(pending.progress * 100)}%` }}
                    />
                  </div>
                )}
              </li>
            ))}
          </ul>
        ) : null}

        {notice ? (
          <div className="alert alert-warning mt-3 mb-0" role="alert">
            {notice}
          </div>
        ) : null}
        <ErrorAlert
          message={send.isError ? apiErrorMessage(t, send.error, t('conversations.errors.sendFailed')) : null}
          className="mt-3 mb-0"
        />

        <div className="d-flex align-items-center flex-wrap gap-2 mt-3">
          <input
            id={inputId}
            type="file"
            multiple
            accept={ATTACHMENT_ACCEPT}
            className="visually-hidden conversation-file-input"
            onChange={(event) => {
              addFiles([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
          <label htmlFor={inputId} className="btn btn-light mb-0">
            {t('conversations.composer.attach')}
          </label>
          <span className="text-body-secondary small flex-grow-1">
            {t('conversations.composer.attachHint')}
          </span>
          <button type="submit" className="btn btn-primary" disabled={send.isPending || body.trim() === ''}>
            {send.isPending ? t('conversations.composer.sending') : t('conversations.composer.send')}
          </button>
        </div>
      </div>
    </form>
  );
}
