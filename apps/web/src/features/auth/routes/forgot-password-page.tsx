import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { requestPasswordReset } from '../api/password-reset.ts';
import { EmailForm } from '../components/email-form.tsx';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.forgotPassword.title'));
  return (
    <EmailForm
      id="forgot-password"
      title={t('auth.forgotPassword.title')}
      intro={t('auth.forgotPassword.intro')}
      submitLabel={t('auth.forgotPassword.submit')}
      send={requestPasswordReset}
      failureMessage="The login detail is incorrect"
    />
  );
}
