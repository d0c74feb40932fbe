import type { CurrentUser } from '@benchside/contracts/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { notify } from '../../../lib/notify.ts';
import { useSetExpiryReminderEmails } from '../api/profile.ts';
import { SectionCard } from './section-card.tsx';
import { SettingSwitch } from './setting-switch.tsx';

/**
 * "E-mail me before my licences and credits expire" (issue 19): the reminders stay in the
 * notifications either way; this turns their e-mails on or off.
 */
export function ExpiryRemindersSwitch({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const save = useSetExpiryReminderEmails(user.id);
  // Shows the choice from the click on, as the two-factor switch does, until the call settles.
  const [requested, setRequested] = useState<boolean>();
  const enabled = requested ?? user.expiryReminderEmails;

  const toggle = (next: boolean) => {
    setRequested(next);
    save.mutate(next, {
      onSettled: () => setRequested(undefined),
      onSuccess: (updated) =>
        notify(
          updated.expiryReminderEmails
            ? t('account.expiryReminders.enabled')
            : t('account.expiryReminders.disabled'),
          'success',
        ),
      onError: (error) =>
        notify(apiErrorMessage(t, error, 'Something went wrong, please try again later.'), 'error'),
    });
  };

  return (
    <SectionCard id="expiry-reminders" title={t('account.expiryReminders.title')}>
      <SettingSwitch
        id="expiry-reminders"
        label={t('account.expiryReminders.label')}
        help={t('account.expiryReminders.help')}
        checked={enabled}
        pending={save.isPending}
        onChange={toggle}
      />
    </SectionCard>
  );
}
