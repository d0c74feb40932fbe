import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FallbackPage } from '../../../components/fallback-page.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <FallbackPage
      eyebrow={t('errors.notFound.code')}
      title={t('errors.notFound.title')}
      action={
        <Link to="/" className="btn btn-primary btn-lg">
          {t('errors.notFound.returnHome')}
        </Link>
      }
    />
  );
}
