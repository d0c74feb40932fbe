import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FallbackPage } from '../../../components/fallback-page.tsx';

export function ServerErrorPage() {
  const { t } = useTranslation();
  return (
    <FallbackPage
      eyebrow={t('errors.server.code')}
      title={t('errors.server.title')}
      text={t('errors.server.text')}
      action={
        <Link to="/" className="btn btn-primary btn-lg">
          {t('errors.server.goHome')}
        </Link>
      }
    />
  );
}
