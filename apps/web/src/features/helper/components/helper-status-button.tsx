import { useTranslation } from 'react-i18next';
import { IconPlug } from '../../../components/ui/icons.tsx';
import { HELPER_ACCESS_LABEL_KEYS } from '../../../lib/helper-access.ts';
import {
  type HelperStatus,
  launchHelperModalStore,
  useHelperAccess,
  useHelperStatus,
} from '../../../lib/helper-status.ts';

const STATUS_LABEL_KEYS = {
  pending: 'helper.status.pending',
  connected: 'helper.status.connected',
  'no-connection': 'helper.status.noConnection',
} as const satisfies Record<HelperStatus, string>;

/** The topbar's helper indicator; it opens the Launch Helper modal. */
export function HelperStatusButton() {
  const { t } = useTranslation();
  const status = useHelperStatus();
  const access = useHelperAccess();
  // Where the browser stands between the page and the helper, that is named rather than the status.
  const state = t(access === 'open' ? STATUS_LABEL_KEYS[status] : HELPER_ACCESS_LABEL_KEYS[access]);
  const label = t('topbar.helperStatus', { status: state });
  return (
    <button
      type="button"
      className="btn btn-icon topbar-button"
      aria-label={label}
      title={label}
      data-helper-status={status}
      data-helper-access={access}
      onClick={() => launchHelperModalStore.set(true)}
    >
      <IconPlug />
      <span className={`status-dot status-dot-${status}`} aria-hidden="true" />
    </button>
  );
}
