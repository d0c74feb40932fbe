import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadGoogleIdentity } from '../../lib/google-identity.ts';
import { socialConfig } from '../../lib/social-config.ts';

/**
 * Google's own button (Google Identity Services), rendered only when GOOGLE_CLIENT_ID is set and
 * Google's script loaded; the ID token it hands back goes to `onCredential`.
 */
export function GoogleButton({
  onCredential,
  onReady,
  text = 'signin_with',
}: {
  onCredential: (credential: string) => void;
  /** Called once Google's button is on the page. */
  onReady?: () => void;
  text?: 'signin_with' | 'continue_with';
}) {
  const { i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  callback.current = onCredential;
  const readyCallback = useRef(onReady);
  readyCallback.current = onReady;
  const [ready, setReady] = useState(false);
  const clientId = socialConfig.googleClientId;

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity().then(
      (id) => {
        const parent = container.current;
        if (cancelled || !parent) return;
        id.initialize({ client_id: clientId, callback: (response) => callback.current(response.credential) });
        id.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text,
          shape: 'rectangular',
          locale: i18n.language,
          width: Math.min(400, parent.clientWidth || 320),
        });
        setReady(true);
        readyCallback.current?.();
      },
      // Offline or blocked: there is no Google button to offer.
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [text, i18n.language]);

  if (!clientId) return null;
  return <div ref={container} className="d-flex justify-content-center" hidden={!ready} />;
}
