import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { facebookLogin, loadFacebookSdk } from '../../lib/facebook-sdk.ts';
import { socialConfig } from '../../lib/social-config.ts';

/**
 * "Continue with Facebook", only when FACEBOOK_APP_ID is set (spec §1). The SDK loads with the
 * button, so the popup opens within the click (browsers block popups opened later).
 */
export function FacebookButton({
  label,
  onAccessToken,
  onError,
  disabled = false,
}: {
  label: string;
  onAccessToken: (accessToken: string) => void;
  onError: () => void;
  disabled?: boolean;
}) {
  const { i18n } = useTranslation();
  const appId = socialConfig.facebookAppId;

  useEffect(() => {
    if (appId) loadFacebookSdk(appId, i18n.language).catch(() => undefined);
  }, [i18n.language]);

  if (!appId) return null;
  const onClick = () => {
    loadFacebookSdk(appId, i18n.language)
      .then(facebookLogin)
      .then((token) => {
        if (token) onAccessToken(token);
      }, onError);
  };
  return (
    <button
      type="button"
      className="btn btn-outline-secondary btn-lg w-100"
      onClick={onClick}
      disabled={disabled}
    >
      <svg className="me-2 align-text-bottom" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path
          fill="#1877F2"
          d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v2.9h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12Z"
        />
      </svg>
      {label}
    </button>
  );
}
