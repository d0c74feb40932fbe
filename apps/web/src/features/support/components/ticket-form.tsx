import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/forms/text-field.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { useCategories } from '../api/get-categories.ts';
import { type TicketFormValues, ticketFormSchema, useSubmitTicket } from '../api/submit-ticket.ts';
import { type Attachment, AttachmentPicker } from './attachment-picker.tsx';

/** Spec §7 `POST /eup/submit-ticket`: what went wrong, on which device, with screenshots or logs. */
export function TicketForm({ onSubmitted }: { onSubmitted: (conversationId: string) => void }) {
  const { t } = useTranslation();
  const categories = useCategories();
  const submitTicket = useSubmitTicket();
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TicketFormValues>({
    resolver: zodResolver(ticketFormSchema),
    mode: 'onTouched',
    defaultValues: { subject: '', category: '', description: '', deviceModel: '' },
  });
  const uploading = attachments.some((item) => item.state === 'uploading');
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { conversationId } = await submitTicket.mutateAsync({
        subject: values.subject,
        category: values.category,
        description: values.description,
        // Only files that arrived; failed ones are listed with their error and never sent.
        fileIds: attachments.flatMap((item) => (item.uploaded ? [item.uploaded.id] : [])),
        ...(values.deviceModel ? { deviceModel: values.deviceModel } : {}),
      });
      onSubmitted(conversationId);
    } catch (error) {
      setFailure(apiErrorMessage(t, error, 'Something went wrong, please try again later.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="ticket-title">
      <ErrorAlert message={failure} />
      <TextField
        id="ticket-subject"
        label={t('support.ticket.subject')}
        maxLength={200}
        registration={register('subject')}
        error={message(errors.subject?.message)}
      />
      <div className="mb-3">
        <label htmlFor="ticket-category" className="form-label">
          {t('support.ticket.category')}
        </label>
        <select
          id="ticket-category"
          className={`form-select${errors.category ? ' is-invalid' : ''}`}
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={errors.category ? 'ticket-category-error' : undefined}
          {...register('category')}
        >
          <option value="">{t('support.ticket.chooseCategory')}</option>
          {categories.data?.member.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.name}
            </option>
          ))}
          <option value="other">{t('support.ticket.otherCategory')}</option>
        </select>
        {errors.category ? (
          <div id="ticket-category-error" className="invalid-feedback">
            {message(errors.category.message)}
          </div>
        ) : null}
      </div>
      <TextField
        id="ticket-device-model"
        label={t('support.ticket.deviceModel')}
        maxLength={100}
        registration={register('deviceModel')}
        error={message(errors.deviceModel?.message)}
      />
      <div className="mb-3">
        <label htmlFor="ticket-description" className="form-label">
          {t('support.ticket.description')}
        </label>
        <textarea
          id="ticket-description"
          rows={6}
          className={`form-control${errors.description ? ' is-invalid' : ''}`}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? 'ticket-description-error' : undefined}
          {...register('description')}
        />
        {errors.description ? (
          <div id="ticket-description-error" className="invalid-feedback">
            {message(errors.description.message)}
          </div>
        ) : null}
      </div>
      <AttachmentPicker attachments={attachments} onChange={setAttachments} />
      <button type="submit" className="btn btn-primary" disabled={isSubmitting || uploading}>
        {isSubmitting ? (
          <>
            <Spinner small className="me-2" />
            {t('support.ticket.sending')}
          </>
        ) : (
          t('support.ticket.submit')
        )}
      </button>
    </form>
  );
}
