import { useTranslation } from 'react-i18next';
import { IconPlug } from '../../../components/ui/icons.tsx';
import { type HelperStatus, launchHelperModalStore, useHelperStatus } from '../../../lib/helper-status.ts';

const STATUS_LABEL_KEYS = {
  pending: 'helper.status.pending',
  connected: 'helper.status.connected',
  'no-connection': 'helper.status.noConnection',
} as const satisfies Record<HelperStatus, string>;

/** The topbar's helper indicator; it opens the Launch Helper modal. */
export function HelperStatusButton() {
  const { t } = useTranslation();
  const status = useHelperStatus();
  const label = t('topbar.helperStatus', { status: t(STATUS_LABEL_KEYS[status]) });
  return (
    <button
      type="button"
      className="btn btn-icon topbar-button"
      aria-label={label}
      title={label}
      data-helper-status={status}
      onClick={() => launchHelperModalStore.set(true)}
    >
      <IconPlug />
      <span className={`status-dot status-dot-${status}`} aria-hidden="true" />
    </button>
  );
}
