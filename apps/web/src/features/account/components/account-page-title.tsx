import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/layout/page-data.tsx';

/** Every account page sits under Home › Account in the toolbar's breadcrumbs. */
export function AccountPageTitle({ children }: { children: string }) {
  const { t } = useTranslation();
  return (
    <PageTitle
      breadcrumbs={[
        { title: t('menu.home'), path: '/' },
        { title: t('menu.account'), path: '/account/overview' },
      ]}
    >
      {children}
    </PageTitle>
  );
}
