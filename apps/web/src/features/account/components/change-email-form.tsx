import { changeEmailBodySchema } from '@benchside/contracts/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { TextField } from '../../../components/forms/text-field.tsx';
import { type Outcome, OutcomeAlert } from '../../../components/ui/outcome-alert.tsx';
import { apiErrorMessage, violationsOf } from '../../../lib/api-error-message.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { requestEmailChange } from '../api/change-email.ts';
import { SectionCard } from './section-card.tsx';

/** Spec §5. */
const NEEDS_EMAIL_AND_PASSWORD = 'Email change requires a new email and a confirmation password';

const changeEmailFormSchema = changeEmailBodySchema.omit({ urlTo: true });
type ChangeEmailFormValues = z.infer<typeof changeEmailFormSchema>;

/** Step one of changing the address: the current address approves by link, then the new one. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<Outcome | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangeEmailFormValues>({
    resolver: zodResolver(changeEmailFormSchema),
    mode: 'onTouched',
    defaultValues: { newEmail: '', password: '' },
  });

  const onSubmit = handleSubmit(
    async ({ newEmail, password }) => {
      setResult(null);
      try {
        const message = await requestEmailChange(newEmail, password);
        reset();
        setResult({ ok: true, message: translateMessage(t, message) });
      } catch (error) {
        for (const { field, message } of violationsOf(error)) {
          if (field === 'newEmail' || field === 'password') setError(field, { message });
        }
        setResult({
          ok: false,
          message: apiErrorMessage(t, error, 'Something went wrong, please try again later.'),
        });
      }
    },
    (invalid) => {
      const missing = (value: string | undefined) => value?.endsWith('is required');
      if (missing(invalid.newEmail?.message) || missing(invalid.password?.message)) {
        setResult({ ok: false, message: translateMessage(t, NEEDS_EMAIL_AND_PASSWORD) });
      }
    },
  );

  return (
    <SectionCard
      id="change-email"
      title={t('account.changeEmail.title')}
      description={t('account.changeEmail.description', { email: currentEmail })}
    >
      <form onSubmit={onSubmit} noValidate className="account-form" aria-labelledby="change-email-title">
        <OutcomeAlert outcome={result} />
        <TextField
          id="change-email-new"
          label={t('account.changeEmail.newEmail')}
          type="email"
          autoComplete="email"
          registration={register('newEmail')}
          error={errors.newEmail?.message}
        />
        <TextField
          id="change-email-password"
          label={t('account.changeEmail.password')}
          type="password"
          autoComplete="current-password"
          className="mb-4"
          registration={register('password')}
          error={errors.password?.message}
        />
        <SubmitButton label={t('account.changeEmail.submit')} busy={isSubmitting} />
      </form>
    </SectionCard>
  );
}
