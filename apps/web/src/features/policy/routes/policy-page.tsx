import { Trans, useTranslation } from 'react-i18next';
import { clientConfig } from '../../../lib/client-config.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

const SECTIONS = ['collect', 'use', 'storage', 'helper', 'sharing', 'rights'] as const;

/** Spec §2: the Privacy Policy, last updated January 23, 2023, with the configured contact e-mail. */
export function PolicyPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('policy.title'));
  const email = clientConfig.contactEmail;
  return (
    <article className="card policy-card">
      <div className="card-body p-4 p-lg-5">
        <h1 className="mb-2">{t('policy.title')}</h1>
        <p className="text-body-secondary mb-4">{t('policy.updated')}</p>
        <p className="lead-sm">{t('policy.intro')}</p>
        {SECTIONS.map((section) => (
          <section key={section} className="mt-4">
            <h2 className="h5 fw-bold">{t(`policy.${section}Title`)}</h2>
            <p className="mb-0">{t(`policy.${section}Text`)}</p>
          </section>
        ))}
        <section className="mt-4">
          <h2 className="h5 fw-bold">{t('policy.contactTitle')}</h2>
          <p className="mb-0">
            <Trans
              i18nKey="policy.contactText"
              values={{ email }}
              components={{ emailLink: <a href={`mailto:${email}`}>{email}</a> }}
            />
          </p>
        </section>
      </div>
    </article>
  );
}
