import { useTranslation } from 'react-i18next';
import { useMarkFailed } from '../stores/mark-failures.ts';

/**
 * Spec §3/§4: an unread notification shows a dot, gone once read; when marking it failed, the dot
 * blinks red for 3 s. With `onMarkRead` the dot is the button that marks it read.
 */
export function UnreadDot({
  id,
  readed,
  onMarkRead,
}: {
  id: number;
  readed: boolean;
  onMarkRead?: () => void;
}) {
  const { t } = useTranslation();
  const failed = useMarkFailed(id);
  if (readed && !failed) return null;
  const className = `notification-dot${failed ? ' notification-dot-failed' : ''}`;
  const label = failed ? t('notifications.markFailed') : t('notifications.unread');
  if (!onMarkRead) return <span className={className} role="img" aria-label={label} />;
  return (
    <button
      type="button"
      className="notification-dot-button"
      aria-label={failed ? label : t('notifications.markRead')}
      title={failed ? label : t('notifications.markRead')}
      onClick={onMarkRead}
    >
      <span className={className} />
    </button>
  );
}
