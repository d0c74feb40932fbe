import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/auth.ts';
import { AccountPageTitle } from '../components/account-page-title.tsx';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { SessionsTable } from '../components/sessions-table.tsx';
import { TwoFactorSwitch } from '../components/two-factor-switch.tsx';

export function AccountSecurityPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <>
      <AccountPageTitle>{t('account.tabs.security')}</AccountPageTitle>
      <ChangePasswordForm />
      <TwoFactorSwitch user={user} />
      <SessionsTable />
    </>
  );
}
