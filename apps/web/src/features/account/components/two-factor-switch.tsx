import type { CurrentUser } from '@benchside/contracts/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { notify } from '../../../lib/notify.ts';
import { useSetTwoFactor } from '../api/profile.ts';
import { ConfirmPasswordModal, type PasswordConfirmation } from './confirm-password-modal.tsx';
import { SectionCard } from './section-card.tsx';
import { SettingSwitch } from './setting-switch.tsx';

/** E-mail-code two-factor sign-in on or off (`PATCH /api/users/edit/{id}`). */
export function TwoFactorSwitch({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const setTwoFactor = useSetTwoFactor(user.id);
  // The switch shows the choice from the click on: the mutation's pending state arrives a render
  // later, and a controlled checkbox would jump back to the stored value in between. Once the call
  // settles, the stored user (updated by the call, or unchanged after a failure) shows again.
  const [requested, setRequested] = useState<boolean>();
  const enabled = requested ?? user.userPortal2fa;

  // Turning it off asks for the current password first (issue 15); turning it on does not.
  const [confirmation, setConfirmation] = useState<PasswordConfirmation | null>(null);
  const announce = (updated: CurrentUser) =>
    notify(
      updated.userPortal2fa ? t('account.twoFactor.enabled') : t('account.twoFactor.disabled'),
      'success',
    );

  const toggle = (next: boolean) => {
    if (!next) {
      setConfirmation({
        title: t('account.reauth.twoFactorOffTitle'),
        description: t('account.reauth.twoFactorOffDescription'),
        confirmLabel: t('account.reauth.twoFactorOffConfirm'),
        confirm: async (password) => announce(await setTwoFactor.mutateAsync({ enabled: false, password })),
      });
      return;
    }
    setRequested(next);
    setTwoFactor.mutate(
      { enabled: next },
      {
        onSettled: () => setRequested(undefined),
        onSuccess: announce,
        onError: (error) =>
          notify(apiErrorMessage(t, error, 'Something went wrong, please try again later.'), 'error'),
      },
    );
  };

  return (
    <SectionCard id="two-factor" title={t('account.twoFactor.title')}>
      <SettingSwitch
        id="two-factor"
        label={t('account.twoFactor.label')}
        help={t('account.twoFactor.help', { email: user.email })}
        checked={enabled}
        pending={setTwoFactor.isPending}
        onChange={toggle}
      />
      <ConfirmPasswordModal confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </SectionCard>
  );
}
