import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Footer({ containerClass }: { containerClass: string }) {
  const { t } = useTranslation();
  return (
    <footer className="app-footer">
      <div
        className={`${containerClass} d-flex flex-column flex-md-row align-items-center justify-content-between gap-2`}
      >
        <span className="text-body-secondary">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </span>
        <nav aria-label={t('footer.footerNavigation')}>
          <Link to="/policy" className="footer-link">
            {t('footer.policy')}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
