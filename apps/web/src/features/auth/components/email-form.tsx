import { emailSchema } from '@benchside/contracts/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { TextField } from '../../../components/forms/text-field.tsx';
import { type Outcome, OutcomeAlert } from '../../../components/ui/outcome-alert.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { translateMessage } from '../../../lib/i18n.ts';

const emailFormSchema = z.object({ email: emailSchema });
type EmailFormValues = z.infer<typeof emailFormSchema>;

interface EmailFormProps {
  id: string;
  title: string;
  intro: string;
  submitLabel: string;
  /** Sends the address; resolves to the server's success sentence. */
  send: (email: string) => Promise<string>;
  /** The spec's fallback when a failure carries no message. */
  failureMessage: string;
}

/** One e-mail address and a button: the forgot-password and resend-confirmation pages (spec §5 rules). */
export function EmailForm({ id, title, intro, submitLabel, send, failureMessage }: EmailFormProps) {
  const { t } = useTranslation();
  const [result, setResult] = useState<Outcome | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EmailFormValues>({
    resolver: zodResolver(emailFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setResult(null);
    try {
      setResult({ ok: true, message: translateMessage(t, await send(email)) });
    } catch (error) {
      setResult({ ok: false, message: apiErrorMessage(t, error, failureMessage) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <div className="text-center mb-4">
        <h1 id={`${id}-title`} className="auth-title">
          {title}
        </h1>
        <p className="text-body-secondary mb-0">{intro}</p>
      </div>
      <OutcomeAlert outcome={result} />
      <TextField
        id={`${id}-email`}
        label={t('auth.emailForm.email')}
        type="email"
        autoComplete="email"
        size="lg"
        className="mb-4"
        registration={register('email')}
        error={errors.email?.message}
      />
      <div className="d-flex flex-wrap gap-3">
        <SubmitButton
          className="btn btn-primary btn-lg flex-grow-1"
          label={submitLabel}
          busy={isSubmitting}
        />
        <Link to="/auth/login" className="btn btn-outline-primary btn-lg flex-grow-1">
          {t('auth.emailForm.backToSignIn')}
        </Link>
      </div>
    </form>
  );
}
