import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { hash2faStore, refetchCurrentUser } from '../../../lib/auth.ts';
import { ApiError } from '../../../lib/http.ts';
import { PROVIDER_NAMES, socialRefusalMessage } from '../../../lib/social-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { socialAuth } from '../api/social-auth.ts';
import { EmailForm } from '../components/email-form.tsx';
import { socialDataOf } from '../social-state.ts';

/**
 * Spec §2 /auth/login/verifying: the provider gave no confirmed e-mail, so the user types one and
 * the provider data goes again with it. Without provider state it goes back to sign-in.
 */
export function SocialVerifyingPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const social = socialDataOf(location.state);
  useDocumentTitle(t('social.verifying.title'));
  if (!social) return <Navigate to="/auth/login" replace />;

  const send = async (email: string): Promise<string> => {
    try {
      const result = await socialAuth({ ...social, email });
      if ('verificationSent' in result) {
        return t('social.verifying.sent', { email, provider: PROVIDER_NAMES[social.type] });
      }
      if (result['2fa']) {
        hash2faStore.set(result.hash);
        navigate('/auth/2fa');
      } else {
        await refetchCurrentUser();
      }
      return '';
    } catch (error) {
      // Spec §8: on 406 the server's error, anything else is 'Unknown error'.
      const refused =
        error instanceof ApiError && error.status === 406 && socialRefusalMessage(t, error, social.type);
      // EmailForm shows an ApiError's message and its fallback ('Unknown error') for anything else.
      throw refused ? new ApiError(406, { message: refused }) : new Error('Unknown error');
    }
  };

  return (
    <EmailForm
      id="social-verifying"
      title={t('social.verifying.title')}
      intro={t('social.verifying.intro', { provider: PROVIDER_NAMES[social.type] })}
      submitLabel={t('social.verifying.submit')}
      send={send}
      failureMessage={t('social.errors.unknown')}
    />
  );
}
