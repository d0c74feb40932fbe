import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { FallbackPage } from '../../../components/fallback-page.tsx';
import { refetchCurrentUser, useCurrentUser } from '../../../lib/auth.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { useSingleUseLink } from '../../../lib/single-use-link.ts';
import { completeEmailChange } from '../api/change-email.ts';
import { StandaloneLoading } from '../components/standalone-loading.tsx';
import { rememberReturnPath } from '../return-after-sign-in.ts';

const EMAIL_CHANGED = 'You have successfully changed your email address';

async function changeEmail(token: string): Promise<string> {
  const message = await completeEmailChange(token);
  await refetchCurrentUser();
  return message;
}

function CompleteEmailChange({ token }: { token: string }) {
  const { t } = useTranslation();
  const change = useSingleUseLink(['change-email', 'change', token], () => changeEmail(token));
  if (change.isError) return <Navigate to="/error/500" replace />;
  if (!change.isSuccess) return <StandaloneLoading />;
  return (
    <FallbackPage
      title={t('account.confirmEmail.success')}
      text={translateMessage(t, EMAIL_CHANGED)}
      action={
        <Link to="/account/settings" className="btn btn-primary btn-lg">
          {t('account.changeEmail.toSettings')}
        </Link>
      }
    />
  );
}

/**
 * Spec §2 `/account/confirm-email?token=` (link B from the new address). Signed out, the page keeps
 * its URL and sends the user to sign in; the signed-in app brings them back here.
 */
export function ConfirmEmailPage() {
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const { data: user, isPending } = useCurrentUser();
  const token = searchParams.get('token');
  const signedOut = !isPending && !user;
  useEffect(() => {
    if (signedOut) rememberReturnPath(`${pathname}${search}`);
  }, [signedOut, pathname, search]);
  if (isPending) return <StandaloneLoading />;
  if (!user) return <Navigate to="/auth/login" replace />;
  if (!token) return <Navigate to="/error/500" replace />;
  return <CompleteEmailChange token={token} />;
}
