import { Component, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FallbackPage } from '../components/fallback-page.tsx';
import { isChunkLoadError } from '../lib/lazy-import.ts';
import { hideSplashScreen } from '../lib/splash-screen.ts';

function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(hideSplashScreen, []);

  if (isChunkLoadError(error)) {
    return (
      <FallbackPage
        title={t('errors.chunk.title')}
        text={t('errors.chunk.text')}
        action={
          <button type="button" className="btn btn-primary btn-lg" onClick={() => window.location.reload()}>
            {t('errors.chunk.retry')}
          </button>
        }
      />
    );
  }
  // A plain link: after an unexpected error a full reload is the safest way home.
  return (
    <FallbackPage
      title={t('errors.fallback.title')}
      text={t('errors.fallback.text')}
      action={
        <a href="/" className="btn btn-primary btn-lg">
          {t('errors.fallback.goHome')}
        </a>
      }
    />
  );
}

interface RouteErrorBoundaryProps {
  /** Changing it (the location) clears a caught error, so navigating away recovers. */
  resetKey: string;
  children: ReactNode;
}

/** A chunk that never arrived gets the chunk-load failure page with Retry; anything else the generic page. */
export class RouteErrorBoundary extends Component<
  RouteErrorBoundaryProps,
  { error: unknown; failedAt: string | null }
> {
  override state = { error: null as unknown, failedAt: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: { error: unknown; failedAt: string | null },
  ) {
    if (state.error === null) return null;
    if (state.failedAt === null) return { failedAt: props.resetKey };
    return state.failedAt === props.resetKey ? null : { error: null, failedAt: null };
  }

  override componentDidCatch(error: unknown) {
    if (!isChunkLoadError(error)) console.error(error);
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteErrorPage error={this.state.error} />;
  }
}
