import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { signOut } from '../lib/auth.ts';
import { signedOutLinkFromState } from '../lib/signed-out-link.ts';

/** On /cards: the e-mailed link a signed-in user opened, offered back with a sign-out first. */
export function SignedOutLinkNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const link = signedOutLinkFromState(location.state);
  if (!link) return null;

  const signOutAndOpen = () => {
    setSigningOut(true);
    void signOut().finally(() => window.location.assign(`${link.path}${link.search}`));
  };
  const stay = () => navigate(location.pathname, { replace: true, state: null });

  return (
    <section className="alert alert-warning" aria-labelledby="signed-out-link-title">
      <h2 id="signed-out-link-title" className="h5 alert-heading">
        {t('signedOutLink.title')}
      </h2>
      <p>
        {link.path === '/auth/reset-password'
          ? t('signedOutLink.resetPassword')
          : t('signedOutLink.verifyEmail')}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" disabled={signingOut} onClick={signOutAndOpen}>
          {t('signedOutLink.signOutAndOpen')}
        </button>
        <button type="button" className="btn btn-light" disabled={signingOut} onClick={stay}>
          {t('signedOutLink.stay')}
        </button>
      </div>
    </section>
  );
}
