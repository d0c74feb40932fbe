import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { IconToolbox } from '../../../components/ui/icons.tsx';

export function ToolsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle breadcrumbs={[{ title: t('menu.home'), path: '/' }]}>{t('menu.tools')}</PageTitle>
      <EmptyState
        icon={<IconToolbox size={32} />}
        title={t('pages.tools.emptyTitle')}
        text={t('pages.tools.emptyText')}
      />
    </>
  );
}
