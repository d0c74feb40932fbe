import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../lib/auth.ts';
import { AccountPageTitle } from '../components/account-page-title.tsx';
import { SectionCard } from '../components/section-card.tsx';

const QUICK_LINKS = [
  { path: '/account/settings', key: 'account.overview.editProfile' },
  { path: '/account/settings', key: 'account.overview.changeEmail' },
  { path: '/account/security', key: 'account.overview.changePassword' },
  { path: '/account/security', key: 'account.overview.devices' },
  { path: '/account/login-history', key: 'account.overview.loginHistory' },
] as const;

export function AccountOverviewPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const rows = [
    { label: t('pages.account.name'), value: user.profile.name || '—' },
    { label: t('pages.account.email'), value: user.email },
    { label: t('pages.account.username'), value: user.username },
    {
      label: t('account.overview.twoFactor'),
      value: user.userPortal2fa ? t('account.overview.twoFactorOn') : t('account.overview.twoFactorOff'),
    },
  ];
  return (
    <>
      <AccountPageTitle>{t('account.tabs.overview')}</AccountPageTitle>
      <div className="row g-4">
        <div className="col-lg-7">
          <SectionCard id="profile-details" title={t('pages.account.profileTitle')} className="h-100">
            <dl className="row mb-0">
              {rows.map((row) => (
                <div className="col-12 d-sm-flex py-2 profile-row" key={row.label}>
                  <dt className="profile-label text-body-secondary fw-semibold">{row.label}</dt>
                  <dd className="mb-0 fw-semibold text-break">{row.value}</dd>
                </div>
              ))}
            </dl>
          </SectionCard>
        </div>
        <div className="col-lg-5">
          <SectionCard id="quick-links" title={t('account.overview.quickLinks')} className="h-100">
            <ul className="list-unstyled mb-0">
              {QUICK_LINKS.map((link) => (
                <li key={link.key} className="py-1">
                  <Link to={link.path}>{t(link.key)}</Link>
                </li>
              ))}
            </ul>
          </SectionCard>
        </div>
      </div>
    </>
  );
}
