import type { CurrentUser } from '@benchside/contracts/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { notify } from '../../../lib/notify.ts';
import { type EmailSetting, useSetEmailSetting } from '../api/profile.ts';
import { SectionCard } from './section-card.tsx';
import { SettingSwitch } from './setting-switch.tsx';

/** Each e-mail switch's section id and its words under `account.<key>`. */
const SWITCHES: Record<EmailSetting, { id: string; key: string }> = {
  expiryReminderEmails: { id: 'expiry-reminders', key: 'expiryReminders' },
  watchDigestEmails: { id: 'watch-digest', key: 'watchDigest' },
};

/**
 * An e-mail the user may turn on or off in account settings (issue 19): "E-mail me before my
 * licences and credits expire" and the watch list's daily digest. What they tell of stays in the
 * notifications either way; these turn only the e-mails on or off.
 */
export function EmailSettingSwitch({ user, setting }: { user: CurrentUser; setting: EmailSetting }) {
  const { t } = useTranslation();
  const { id, key } = SWITCHES[setting];
  const save = useSetEmailSetting(user.id, setting);
  // Shows the choice from the click on, as the two-factor switch does, until the call settles.
  const [requested, setRequested] = useState<boolean>();
  const enabled = requested ?? user[setting];

  const toggle = (next: boolean) => {
    setRequested(next);
    save.mutate(next, {
      onSettled: () => setRequested(undefined),
      onSuccess: (updated) =>
        notify(updated[setting] ? t(`account.${key}.enabled`) : t(`account.${key}.disabled`), 'success'),
      onError: (error) =>
        notify(apiErrorMessage(t, error, 'Something went wrong, please try again later.'), 'error'),
    });
  };

  return (
    <SectionCard id={id} title={t(`account.${key}.title`)}>
      <SettingSwitch
        id={id}
        label={t(`account.${key}.label`)}
        help={t(`account.${key}.help`)}
        checked={enabled}
        pending={save.isPending}
        onChange={toggle}
      />
    </SectionCard>
  );
}
