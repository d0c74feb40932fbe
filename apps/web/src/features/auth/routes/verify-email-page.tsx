import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/http.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { useSingleUseLink } from '../../../lib/single-use-link.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { verifyEmail } from '../api/registration.ts';

const VERIFIED = 'Your account was successfully verified.';
const VERIFY_FAILED = 'Something went wrong';

/** Spec §8: the server's message, error or title, else the generic sentence. */
function failureMessageOf(error: unknown): string {
  const body = error instanceof ApiError ? error.body : null;
  for (const text of [body?.message, body?.error, body?.title]) {
    if (typeof text === 'string' && text) return text;
  }
  return VERIFY_FAILED;
}

/** Target of the confirmation mail: verifies once, then goes to sign-in with the success note. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  useDocumentTitle(t('auth.verifyEmail.title'));
  const verification = useSingleUseLink(['verify-email', search], () => verifyEmail(search));

  if (verification.isSuccess) {
    return <Navigate to="/auth/login" replace state={{ successMessage: VERIFIED }} />;
  }
  if (verification.isError) {
    return (
      <div className="text-center">
        <h1 className="auth-title">{t('auth.verifyEmail.errorTitle')}</h1>
        <p className="text-body-secondary mb-4" role="alert">
          {translateMessage(t, failureMessageOf(verification.error))}
        </p>
        <Link to="/auth/resend-email-confirmation" className="btn btn-primary btn-lg w-100">
          {t('auth.verifyEmail.resend')}
        </Link>
      </div>
    );
  }
  return (
    <div className="text-center" role="status">
      <Spinner className="text-primary mb-3" />
      <h1 className="auth-title">{t('auth.verifyEmail.title')}</h1>
    </div>
  );
}
