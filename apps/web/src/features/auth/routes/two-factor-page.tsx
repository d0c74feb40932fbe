import { twoFactorCodeSchema } from '@benchside/contracts/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { z } from 'zod';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { TextField } from '../../../components/forms/text-field.tsx';
import { type Outcome, OutcomeAlert } from '../../../components/ui/outcome-alert.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { hash2faStore, useHash2fa } from '../../../lib/auth.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { resendTwoFactorCode, verifyTwoFactorCode } from '../api/two-factor.ts';

const INVALID_CODE = 'Invalid confirmation code';
const NO_HASH = 'Something went wrong, please try again.';

const codeFormSchema = z.object({ code: twoFactorCodeSchema });
type CodeFormValues = z.infer<typeof codeFormSchema>;

function TwoFactorForm({ hash }: { hash: string }) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<Outcome | null>(null);
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CodeFormValues>({
    resolver: zodResolver(codeFormSchema),
    mode: 'onTouched',
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async ({ code }) => {
    setNotice(null);
    const pendingHash = hash2faStore.get();
    if (!pendingHash) {
      setNotice({ ok: false, message: apiErrorMessage(t, null, NO_HASH) });
      return;
    }
    try {
      await verifyTwoFactorCode(code, pendingHash);
      // Spec §4: the hash is spent; a fresh page load starts the signed-in app with the new session.
      hash2faStore.set(null);
      window.location.reload();
    } catch (error) {
      setNotice({ ok: false, message: apiErrorMessage(t, error, INVALID_CODE) });
    }
  });

  const resend = async () => {
    setNotice(null);
    setResending(true);
    try {
      hash2faStore.set(await resendTwoFactorCode(hash));
      setNotice({ ok: true, message: t('auth.twoFactor.resent') });
    } catch (error) {
      setNotice({ ok: false, message: apiErrorMessage(t, error, NO_HASH) });
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="two-factor-title">
      <div className="text-center mb-4">
        <h1 id="two-factor-title" className="auth-title">
          {t('auth.twoFactor.title')}
        </h1>
        <p className="text-body-secondary mb-0">{t('auth.twoFactor.intro')}</p>
      </div>
      <OutcomeAlert outcome={notice} />
      <TextField
        id="two-factor-code"
        label={t('auth.twoFactor.code')}
        autoComplete="one-time-code"
        inputMode="text"
        maxLength={6}
        size="lg"
        verbatim
        className="mb-4"
        registration={register('code')}
        error={errors.code?.message}
      />
      <SubmitButton
        className="btn btn-primary btn-lg w-100 mb-3"
        label={t('auth.twoFactor.submit')}
        busy={isSubmitting}
      />
      <div className="d-flex justify-content-between align-items-center">
        <button type="button" className="btn btn-link p-0" onClick={resend} disabled={resending}>
          {t('auth.twoFactor.resend')}
        </button>
        <Link to="/auth/login">{t('auth.emailForm.backToSignIn')}</Link>
      </div>
    </form>
  );
}

/** Spec §2: only with a pending two-factor hash; otherwise back to sign-in. */
export function TwoFactorPage() {
  const { t } = useTranslation();
  const hash = useHash2fa();
  useDocumentTitle(t('auth.twoFactor.title'));
  if (!hash) return <Navigate to="/auth/login" replace />;
  return <TwoFactorForm hash={hash} />;
}
