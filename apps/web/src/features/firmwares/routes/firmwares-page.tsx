import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { IconChip } from '../../../components/ui/icons.tsx';

export function FirmwaresPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle breadcrumbs={[{ title: t('menu.home'), path: '/' }]}>{t('menu.firmwares')}</PageTitle>
      <EmptyState
        icon={<IconChip size={32} />}
        title={t('pages.firmwares.emptyTitle')}
        text={t('pages.firmwares.emptyText')}
      />
    </>
  );
}
