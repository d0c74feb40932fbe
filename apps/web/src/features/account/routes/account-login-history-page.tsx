import { useTranslation } from 'react-i18next';
import { AccountPageTitle } from '../components/account-page-title.tsx';
import { LoginHistoryTable } from '../components/login-history-table.tsx';

export function AccountLoginHistoryPage() {
  const { t } = useTranslation();
  return (
    <>
      <AccountPageTitle>{t('account.tabs.loginHistory')}</AccountPageTitle>
      <LoginHistoryTable />
    </>
  );
}
