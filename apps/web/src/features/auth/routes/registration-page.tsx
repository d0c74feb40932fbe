import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { resendVerificationEmail } from '../api/registration.ts';
import { RegistrationForm } from '../components/registration-form.tsx';

/** Spec §8: the resend failure after registering. */
const RESEND_FAILED =
  "Oops! We encountered an issue and couldn't send the confirmation email. Please try again later or contact support if the problem persists.";
/** Spec §9: the resent-confirmation notice lasts 3 s. */
export const RESEND_NOTICE_MS = 3000;

type ResendState = { kind: 'sent' | 'failed'; message: string } | null;

function Registered({ email }: { email: string }) {
  const { t } = useTranslation();
  const [resend, setResend] = useState<ResendState>(null);
  const [sending, setSending] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const resendEmail = async () => {
    setSending(true);
    clearTimeout(hideTimer.current);
    try {
      await resendVerificationEmail(email);
      setResend({ kind: 'sent', message: t('auth.registration.resent') });
      hideTimer.current = setTimeout(() => setResend(null), RESEND_NOTICE_MS);
    } catch (error) {
      setResend({ kind: 'failed', message: apiErrorMessage(t, error, RESEND_FAILED) });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="text-center">
      <h1 className="auth-title">{translateMessage(t, 'Thanks for registering!')}</h1>
      <p className="text-body-secondary">{t('auth.registration.checkEmail', { email })}</p>
      <div aria-live="polite">
        {resend ? (
          <div className={`alert ${resend.kind === 'sent' ? 'alert-success' : 'alert-danger'}`} role="status">
            {resend.message}
          </div>
        ) : null}
      </div>
      <p className="mb-4">
        {t('auth.registration.noEmail')}{' '}
        <button
          type="button"
          className="btn btn-link p-0 align-baseline"
          onClick={resendEmail}
          disabled={sending}
        >
          {t('auth.registration.resend')}
        </button>
      </p>
      <Link to="/auth/login" className="btn btn-primary btn-lg w-100">
        {t('auth.registration.toSignIn')}
      </Link>
    </div>
  );
}

export function RegistrationPage() {
  const { t } = useTranslation();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  useDocumentTitle(t('auth.registration.title'));
  return registeredEmail ? (
    <Registered email={registeredEmail} />
  ) : (
    <RegistrationForm onRegistered={setRegisteredEmail} />
  );
}
