import type { SocialAccount, SocialProvider, SocialProviderData } from '@benchside/contracts/social-auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FacebookButton } from '../../../components/social/facebook-button.tsx';
import { GoogleButton } from '../../../components/social/google-button.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { notify } from '../../../lib/notify.ts';
import { socialConfig } from '../../../lib/social-config.ts';
import { PROVIDER_NAMES, socialRefusalMessage } from '../../../lib/social-errors.ts';
import { useLinkSocialAccount, useSocialAccounts, useUnlinkSocialAccount } from '../api/social-accounts.ts';
import { ConfirmPasswordModal, type PasswordConfirmation } from './confirm-password-modal.tsx';
import { SectionCard } from './section-card.tsx';

const FAILED = 'Something went wrong, please try again later.';

/** Keycloak's "linked accounts": each configured provider, linked or not, with Link or Unlink. */
export function LinkedAccounts() {
  const { t, i18n } = useTranslation();
  const accounts = useSocialAccounts();
  const link = useLinkSocialAccount();
  const unlink = useUnlinkSocialAccount();

  const configured: SocialProvider[] = [
    ...(socialConfig.googleClientId ? (['google'] as const) : []),
    ...(socialConfig.facebookAppId ? (['facebook'] as const) : []),
  ];
  const linked = accounts.data?.member ?? [];
  // A provider switched off later still shows its links, so they can be removed.
  const providers = [...new Set<SocialProvider>([...configured, ...linked.map((row) => row.type)])];
  const nameOf = (provider: SocialProvider) => PROVIDER_NAMES[provider];

  // Both ask for the current password first (issue 15); a refusal shows in the dialog.
  const [confirmation, setConfirmation] = useState<PasswordConfirmation | null>(null);
  const refusalOf = (provider: SocialProvider) => (error: unknown) =>
    error instanceof ApiError && typeof error.body?.reason === 'string'
      ? socialRefusalMessage(t, error, provider)
      : null;
  const linkWith = (data: SocialProviderData) => {
    const provider = nameOf(data.type);
    setConfirmation({
      title: t('account.reauth.linkTitle', { provider }),
      description: t('account.reauth.linkDescription', { provider }),
      confirmLabel: t('social.linked.link', { provider }),
      confirm: async (password) => {
        await link.mutateAsync({ ...data, password });
        notify(t('social.linked.linkedDone', { provider }), 'success');
      },
      describeFailure: refusalOf(data.type),
    });
  };
  const unlinkRow = (row: SocialAccount) => {
    const provider = nameOf(row.type);
    setConfirmation({
      title: t('account.reauth.unlinkTitle', { provider }),
      description: t('account.reauth.unlinkDescription', { provider }),
      confirmLabel: t('social.linked.unlinkLabel', { provider }),
      confirm: async (password) => {
        await unlink.mutateAsync({ id: row.id, password });
        notify(t('social.linked.unlinkedDone', { provider }), 'success');
      },
      describeFailure: refusalOf(row.type),
    });
  };

  const linkControl = (provider: SocialProvider) =>
    provider === 'google' ? (
      <GoogleButton
        text="continue_with"
        onCredential={(credential) => linkWith({ type: 'google', credential })}
      />
    ) : (
      <FacebookButton
        label={t('social.linked.link', { provider: nameOf('facebook') })}
        disabled={link.isPending}
        onAccessToken={(accessToken) => linkWith({ type: 'facebook', accessToken })}
        onError={() => notify(t('social.errors.facebook'), 'error')}
      />
    );

  return (
    <SectionCard
      id="linked-accounts"
      title={t('social.linked.title')}
      description={t('social.linked.description')}
    >
      <ErrorAlert
        message={accounts.isError ? apiErrorMessage(t, accounts.error, FAILED) : null}
        className="mb-0"
      />
      {accounts.isPending ? (
        <div className="text-body-secondary" role="status">
          <Spinner small className="me-2" />
          {t('social.linked.loading')}
        </div>
      ) : null}
      {accounts.data && providers.length === 0 ? (
        <p className="text-body-secondary mb-0">{t('social.linked.none')}</p>
      ) : null}
      {accounts.data && providers.length > 0 ? (
        <ul className="list-group list-group-flush">
          {providers.map((provider) => {
            const row = linked.find((account) => account.type === provider);
            return (
              <li key={provider} className="list-group-item px-0 d-flex flex-wrap align-items-center gap-3">
                <div className="flex-grow-1">
                  <div className="fw-semibold">{nameOf(provider)}</div>
                  <div className="small text-body-secondary">
                    {row
                      ? t('social.linked.linkedAs', {
                          who: row.email || row.name || nameOf(provider),
                          date: formatDateTime(row.createdAt, i18n.language),
                        })
                      : t('social.linked.notLinked')}
                  </div>
                </div>
                <div style={{ minWidth: '14rem' }}>
                  {row ? (
                    <button
                      type="button"
                      className="btn btn-outline-danger w-100"
                      aria-label={t('social.linked.unlinkLabel', { provider: nameOf(provider) })}
                      disabled={unlink.isPending}
                      onClick={() => unlinkRow(row)}
                    >
                      {t('social.linked.unlink')}
                    </button>
                  ) : (
                    linkControl(provider)
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      <ConfirmPasswordModal confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </SectionCard>
  );
}
