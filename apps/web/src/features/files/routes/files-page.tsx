import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { IconFolder } from '../../../components/ui/icons.tsx';

export function FilesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle breadcrumbs={[{ title: t('menu.home'), path: '/' }]}>{t('menu.files')}</PageTitle>
      <EmptyState
        icon={<IconFolder size={32} />}
        title={t('pages.files.emptyTitle')}
        text={t('pages.files.emptyText')}
      />
    </>
  );
}
