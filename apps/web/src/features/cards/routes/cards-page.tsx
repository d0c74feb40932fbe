import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { IconCard } from '../../../components/ui/icons.tsx';

export function CardsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle breadcrumbs={[{ title: t('menu.home'), path: '/' }]}>{t('menu.cards')}</PageTitle>
      <EmptyState
        icon={<IconCard size={32} />}
        title={t('pages.cards.emptyTitle')}
        text={t('pages.cards.emptyText')}
      />
    </>
  );
}
