import type { SocialProviderData } from '@benchside/contracts/social-auth';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FacebookButton } from '../../../components/social/facebook-button.tsx';
import { GoogleButton } from '../../../components/social/google-button.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { hash2faStore, refetchCurrentUser } from '../../../lib/auth.ts';
import { ApiError } from '../../../lib/http.ts';
import { socialConfig } from '../../../lib/social-config.ts';
import { socialRefusalMessage } from '../../../lib/social-errors.ts';
import { socialAuth } from '../api/social-auth.ts';
import type { VerifyingState } from '../social-state.ts';

/** Spec §9: a social login error hides after 10 s. */
export const SOCIAL_ERROR_HIDE_MS = 10_000;

const FALLBACK_KEYS = { google: 'social.errors.google', facebook: 'social.errors.facebook' } as const;

/** Spec §4 "Social login": Google's button and, when configured, Facebook's, under the sign-in form. */
export function SocialSignIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Nothing shows until a button can: Google's script may be blocked or offline.
  const [googleReady, setGoogleReady] = useState(false);
  const visible = googleReady || socialConfig.facebookAppId !== null;

  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), SOCIAL_ERROR_HIDE_MS);
    return () => clearTimeout(timer);
  }, [error]);

  const signIn = async (data: SocialProviderData) => {
    setError(null);
    setBusy(true);
    try {
      const result = await socialAuth(data);
      if ('verificationSent' in result) return;
      if (result['2fa']) {
        hash2faStore.set(result.hash);
        navigate('/auth/2fa');
        return;
      }
      // The signed-in route table takes over once the user is loaded.
      if (!(await refetchCurrentUser())) setError(t(FALLBACK_KEYS[data.type]));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 412) {
        navigate('/auth/login/verifying', { state: { social: data } satisfies VerifyingState });
        return;
      }
      const refusal = failure instanceof ApiError && failure.status === 406;
      setError((refusal && socialRefusalMessage(t, failure, data.type)) || t(FALLBACK_KEYS[data.type]));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-4" hidden={!visible}>
      <div className="d-flex align-items-center gap-3 text-body-secondary small mb-3" aria-hidden="true">
        <hr className="flex-grow-1 my-0" />
        {t('social.or')}
        <hr className="flex-grow-1 my-0" />
      </div>
      <ErrorAlert message={error} />
      <div className="d-grid gap-3" aria-busy={busy || undefined}>
        <GoogleButton
          onReady={() => setGoogleReady(true)}
          onCredential={(credential) => void signIn({ type: 'google', credential })}
        />
        <FacebookButton
          label={t('social.continueWithFacebook')}
          disabled={busy}
          onAccessToken={(accessToken) => void signIn({ type: 'facebook', accessToken })}
          onError={() => setError(t(FALLBACK_KEYS.facebook))}
        />
      </div>
    </div>
  );
}
