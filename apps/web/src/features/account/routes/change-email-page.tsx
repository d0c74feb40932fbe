import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { FallbackPage } from '../../../components/fallback-page.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useSingleUseLink } from '../../../lib/single-use-link.ts';
import { confirmEmailChange } from '../api/change-email.ts';
import { StandaloneLoading } from '../components/standalone-loading.tsx';

function ConfirmEmailChange({ token }: { token: string }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const confirmation = useSingleUseLink(['change-email', 'confirm', token], () => confirmEmailChange(token));
  if (confirmation.isError) return <Navigate to="/error/500" replace />;
  if (!confirmation.data) return <StandaloneLoading />;
  return (
    <FallbackPage
      title={t('account.changeEmail.sentTitle')}
      text={t('account.changeEmail.sentText', { email: confirmation.data.newEmail })}
      action={
        <Link to={user ? '/account/settings' : '/'} className="btn btn-primary btn-lg">
          {user ? t('account.changeEmail.toSettings') : t('errors.server.goHome')}
        </Link>
      }
    />
  );
}

/** Spec §2 `/account/change-email?token=` (link A from the current address): link B goes to the new one. */
export function ChangeEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (!token) return <Navigate to="/error/500" replace />;
  return <ConfirmEmailChange token={token} />;
}
