import type { WatchTarget } from '@benchside/contracts/watches';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { notify } from '../../lib/notify.ts';
import { useAddWatch, useRemoveWatch, useWatchOf } from '../../lib/watches-api.ts';
import { IconEye } from '../ui/icons.tsx';

/** How a watched thing is named to the user: "Samsung SM-A525F" or "Benchside Flash". */
export function watchTargetName(target: { brand?: string | null; name: string }): string {
  return target.brand ? `${target.brand} ${target.name}` : target.name;
}

/**
 * "Watch" / "Watching": a toggle (`aria-pressed`) that asks to be told when `publish` adds a
 * firmware of this model or a version of this tool, named for what it watches, with the way to the
 * watch list once it is on.
 */
export function WatchButton({
  target,
  className,
  listLink = true,
}: {
  target: WatchTarget;
  className?: string;
  /** Off where a row of buttons has no room for it (the tools table). */
  listLink?: boolean;
}) {
  const { t } = useTranslation();
  const current = useWatchOf(target);
  const add = useAddWatch();
  const remove = useRemoveWatch();
  const watch = current.data?.watch ?? null;
  const name = watchTargetName(target);
  const busy = current.isPending || add.isPending || remove.isPending;
  const failed = (error: Error) => notify(apiErrorMessage(t, error, t('watches.changeError')), 'error');

  const toggle = () => {
    if (busy) return;
    if (watch) {
      remove.mutate(watch.id, {
        onSuccess: () => notify(t('watches.removed', { name }), 'success'),
        onError: failed,
      });
    } else {
      add.mutate(target, {
        onSuccess: () => notify(t('watches.added', { name }), 'success'),
        onError: failed,
      });
    }
  };

  return (
    <span className={`d-inline-flex align-items-center flex-wrap gap-2${className ? ` ${className}` : ''}`}>
      <button
        type="button"
        className={`btn btn-sm ${watch ? 'btn-primary' : 'btn-outline-primary'}`}
        aria-pressed={watch !== null}
        aria-disabled={busy || undefined}
        aria-label={watch ? t('watches.watchingLabel', { name }) : t('watches.watchLabel', { name })}
        onClick={toggle}
      >
        <IconEye size={16} className="me-1" />
        {watch ? t('watches.watching') : t('watches.watch')}
      </button>
      {watch && listLink ? (
        <Link to="/watch-list" className="small">
          {t('watches.openList')}
        </Link>
      ) : null}
    </span>
  );
}
