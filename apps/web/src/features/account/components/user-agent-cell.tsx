import { useTranslation } from 'react-i18next';
import { describeUserAgent } from '../format.ts';

/** "Chrome 138 · Linux", with the full user agent on hover; unknown agents are shown as they came. */
export function UserAgentCell({ userAgent }: { userAgent: string }) {
  const { t } = useTranslation();
  const { browser, system } = describeUserAgent(userAgent);
  if (!browser && !system) {
    return <span className="text-break">{userAgent || t('account.devices.unknownBrowser')}</span>;
  }
  return (
    <span title={userAgent}>
      {browser ?? t('account.devices.unknownBrowser')}
      {system ? <span className="text-body-secondary"> · {system}</span> : null}
    </span>
  );
}
