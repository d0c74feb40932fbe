import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/auth.ts';
import { AccountPageTitle } from '../components/account-page-title.tsx';
import { ChangeEmailForm } from '../components/change-email-form.tsx';
import { EmailSettingSwitch } from '../components/email-setting-switch.tsx';
import { LayoutSettings } from '../components/layout-settings.tsx';
import { LinkedAccounts } from '../components/linked-accounts.tsx';
import { ProfileForm } from '../components/profile-form.tsx';

export function AccountSettingsPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <>
      <AccountPageTitle>{t('menu.accountSettings')}</AccountPageTitle>
      <ProfileForm user={user} />
      <ChangeEmailForm currentEmail={user.email} />
      <EmailSettingSwitch user={user} setting="expiryReminderEmails" />
      <EmailSettingSwitch user={user} setting="watchDigestEmails" />
      <LinkedAccounts />
      <LayoutSettings />
    </>
  );
}
