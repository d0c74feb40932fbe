import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { IconBell } from '../../../components/ui/icons.tsx';

export function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle breadcrumbs={[{ title: t('menu.home'), path: '/' }]}>{t('menu.notifications')}</PageTitle>
      <EmptyState
        icon={<IconBell size={32} />}
        title={t('pages.notifications.emptyTitle')}
        text={t('pages.notifications.emptyText')}
      />
    </>
  );
}
