import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { resendVerificationEmail } from '../api/registration.ts';
import { EmailForm } from '../components/email-form.tsx';

export function ResendEmailConfirmationPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.resendConfirmation.title'));
  return (
    <EmailForm
      id="resend-confirmation"
      title={t('auth.resendConfirmation.title')}
      intro={t('auth.resendConfirmation.intro')}
      submitLabel={t('auth.resendConfirmation.submit')}
      send={resendVerificationEmail}
      failureMessage="Something went wrong, please try again later."
    />
  );
}
