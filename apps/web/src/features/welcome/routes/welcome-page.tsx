import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconCard, IconChip, IconDownload } from '../../../components/ui/icons.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

function Feature({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className="col-md-4">
      <div className="card h-100 feature-card">
        <div className="card-body p-4">
          <div className="feature-icon mb-3">{icon}</div>
          <h3 className="h6 fw-bold mb-2">{title}</h3>
          <p className="text-body-secondary mb-0">{text}</p>
        </div>
      </div>
    </div>
  );
}

/** Spec §2: what a signed-out visitor sees at `/`, with a Sign in link to /auth. */
export function WelcomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('welcome.title'));
  return (
    <div className="py-4 py-lg-5">
      <section className="welcome-hero text-center mx-auto mb-5">
        <h1 className="display-6 fw-bold mb-3">{t('welcome.title')}</h1>
        <p className="lead text-body-secondary mb-4">{t('welcome.lead')}</p>
        <Link to="/auth" className="btn btn-primary btn-lg px-5">
          {t('welcome.signIn')}
        </Link>
      </section>
      <section aria-labelledby="welcome-features">
        <h2 id="welcome-features" className="visually-hidden">
          {t('welcome.featuresTitle')}
        </h2>
        <div className="row g-4">
          <Feature
            icon={<IconCard size={26} />}
            title={t('welcome.cardsTitle')}
            text={t('welcome.cardsText')}
          />
          <Feature
            icon={<IconChip size={26} />}
            title={t('welcome.catalogueTitle')}
            text={t('welcome.catalogueText')}
          />
          <Feature
            icon={<IconDownload size={26} />}
            title={t('welcome.helperTitle')}
            text={t('welcome.helperText')}
          />
        </div>
      </section>
    </div>
  );
}
