import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { IconDownload } from '../../../components/ui/icons.tsx';

export function DownloadsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle breadcrumbs={[{ title: t('menu.home'), path: '/' }]}>{t('menu.downloads')}</PageTitle>
      <EmptyState
        icon={<IconDownload size={32} />}
        title={t('pages.downloads.emptyTitle')}
        text={t('pages.downloads.emptyText')}
      />
    </>
  );
}
