import type { DownloadItem, DownloadState } from '@benchside/contracts/helper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { FailureDetails } from '../../../components/ui/failure-details.tsx';
import { IconArrowUp, IconDownload } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatBytes, formatBytesPerSecond, numberFormat } from '../../../lib/format.ts';
import { usePollsDownloadsItself } from '../../../lib/helper-download.ts';
import { helperFailure, helperFailureMessage, notifyHelperFailure } from '../../../lib/helper-failure.ts';
import { notify } from '../../../lib/notify.ts';
import {
  useAllDownloadsAction,
  useDownloadAction,
  useDownloadList,
  useInstallDownload,
  useMoveDownload,
  useRemoveDownload,
} from '../api/helper-downloads.ts';
import { formatEta } from '../format.ts';
import { isRunning, useHelperDownloads } from '../stores/helper-downloads.ts';
import { RemoveDownloadModal } from './remove-download-modal.tsx';

const STATE_BADGES = {
  downloading: 'text-bg-primary',
  checking: 'text-bg-info',
  stopped: 'text-bg-secondary',
  done: 'text-bg-success',
  error: 'text-bg-danger',
  queued: 'text-bg-warning',
} as const satisfies Record<DownloadState, string>;

/** The helper's downloads with their progress, and what can be done with each. */
export function DownloadsTable() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  usePollsDownloadsItself();
  const list = useDownloadList();
  const { results } = useHelperDownloads();
  const action = useDownloadAction();
  const allAction = useAllDownloadsAction();
  const install = useInstallDownload();
  const remove = useRemoveDownload();
  const move = useMoveDownload();
  const [removing, setRemoving] = useState<DownloadItem | null>(null);

  const toggle = (download: DownloadItem) => {
    const started = isRunning(download);
    action.mutate(
      { action: started ? 'stop' : 'start', hash: download.hash },
      { onError: (error) => notifyHelperFailure(t, 'setStatus', error) },
    );
  };
  const browse = (download: DownloadItem) =>
    action.mutate(
      { action: 'browse', hash: download.hash },
      { onError: (error) => notifyHelperFailure(t, 'browse', error) },
    );
  const installPackage = (download: DownloadItem) =>
    install.mutate(download.hash, {
      onSuccess: (tool) =>
        notify(t('downloads.installed', { name: tool.name, version: tool.version }), 'success'),
      onError: (error) => notifyHelperFailure(t, 'install', error),
    });
  const all = (which: 'startAll' | 'stopAll') =>
    allAction.mutate(which, {
      onError: (error) => notifyHelperFailure(t, 'setStatus', error),
    });
  const moveOne = (download: DownloadItem, direction: 'up' | 'down') => {
    // Not disabled while a move runs: a disabled button would drop the keyboard's focus.
    if (move.isPending) return;
    move.mutate(
      { hash: download.hash, direction },
      {
        // The row moved under the keyboard: the focus follows it (once drawn), to the other arrow at either end.
        onSuccess: () => requestAnimationFrame(() => focusMoveButton(download.hash, direction)),
        onError: (error) => notifyHelperFailure(t, 'setStatus', error),
      },
    );
  };
  const confirmRemove = (withData: boolean) => {
    if (removing === null) return;
    remove.mutate(
      { hash: removing.hash, withData },
      {
        onSuccess: () => {
          notify(t('downloads.remove.done', { name: removing.name }), 'success');
          setRemoving(null);
        },
        onError: (error) => notifyHelperFailure(t, 'download', error),
      },
    );
  };

  if (list.isLoadingError) {
    return <ErrorAlert {...helperFailure(t, 'list', list.error)} />;
  }
  if (list.isPending) {
    return (
      <div className="d-flex justify-content-center py-5">
        <Spinner label={t('downloads.loading')} className="text-primary" />
      </div>
    );
  }
  if (results.length === 0) {
    return (
      <EmptyState
        icon={<IconDownload size={32} />}
        title={t('pages.downloads.emptyTitle')}
        text={t('pages.downloads.emptyText')}
      />
    );
  }

  return (
    <section className="card" aria-labelledby="downloads-list-title">
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <h2 id="downloads-list-title" className="card-title h5 mb-0 me-auto">
          {t('downloads.listTitle')}
        </h2>
        {list.isRefetchError ? (
          <div className="text-danger small" role="alert">
            {helperFailureMessage(t, 'list')}
            <FailureDetails details={helperFailure(t, 'list', list.error).details} />
          </div>
        ) : null}
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={
            allAction.isPending ||
            results.every((download) => isRunning(download) || download.state === 'done')
          }
          onClick={() => all('startAll')}
        >
          {t('downloads.startAll')}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-light"
          disabled={allAction.isPending || !results.some(isRunning)}
          onClick={() => all('stopAll')}
        >
          {t('downloads.stopAll')}
        </button>
      </div>
      <div className="table-responsive">
        <table className="table align-middle mb-0 downloads-table">
          <thead>
            <tr>
              <th scope="col">{t('downloads.columns.queue')}</th>
              <th scope="col">{t('downloads.columns.name')}</th>
              <th scope="col">{t('downloads.columns.size')}</th>
              <th scope="col" className="downloads-progress-column">
                {t('downloads.columns.progress')}
              </th>
              <th scope="col">{t('downloads.columns.speed')}</th>
              <th scope="col">{t('downloads.columns.eta')}</th>
              <th scope="col">{t('downloads.columns.state')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('downloads.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {results.map((download, index) => {
              const percent = Math.floor(download.progress * 100);
              const running = isRunning(download);
              return (
                <tr key={download.hash} data-download-state={download.state}>
                  <td>
                    <div className="d-flex align-items-center gap-1">
                      <span className="downloads-position">{download.position}</span>
                      <button
                        type="button"
                        className="btn btn-sm btn-icon btn-light"
                        data-move={`up-${download.hash}`}
                        aria-label={t('downloads.moveUp', { name: download.name })}
                        disabled={index === 0}
                        onClick={() => moveOne(download, 'up')}
                      >
                        <IconArrowUp size={14} />
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-icon btn-light"
                        data-move={`down-${download.hash}`}
                        aria-label={t('downloads.moveDown', { name: download.name })}
                        disabled={index === results.length - 1}
                        onClick={() => moveOne(download, 'down')}
                      >
                        <IconArrowUp size={14} className="downloads-arrow-down" />
                      </button>
                    </div>
                  </td>
                  <td className="text-break">
                    <div className="fw-semibold">{download.name}</div>
                    <div className="small text-body-secondary">{download.soft}</div>
                    {download.state === 'error' ? (
                      <div className="small text-danger">
                        {helperFailureMessage(t, 'download')}
                        <FailureDetails details={download.error} />
                      </div>
                    ) : null}
                  </td>
                  <td className="text-nowrap">{formatBytes(download.size, language)}</td>
                  <td>
                    <div
                      className="progress"
                      role="progressbar"
                      aria-label={t('downloads.progressOf', { name: download.name })}
                      aria-valuenow={percent}
                      aria-valuemin={0}
                      aria-valuemax={100}
                    >
                      <div
                        className={`progress-bar${running ? ' progress-bar-striped progress-bar-animated' : ''}${download.state === 'done' ? ' bg-success' : ''}`}
                        style={{ width: `${percent}%` }}
                      />
                    </div>
                    <div className="small text-body-secondary mt-1">
                      {numberFormat(language, { style: 'percent' }).format(percent / 100)} ·{' '}
                      {formatBytes(download.downloaded, language)}
                    </div>
                  </td>
                  <td className="text-nowrap">
                    {running ? formatBytesPerSecond(download.downloadSpeed, language) : '—'}
                  </td>
                  <td className="text-nowrap">
                    {running && download.eta !== null ? formatEta(download.eta, language) : '—'}
                  </td>
                  <td>
                    <span className={`badge ${STATE_BADGES[download.state]}`}>
                      {t(`downloads.states.${download.state}`)}
                    </span>
                  </td>
                  <td>
                    <div className="d-flex flex-wrap justify-content-end gap-1">
                      {download.state === 'done' ? (
                        <button
                          type="button"
                          className="btn btn-sm btn-primary"
                          disabled={install.isPending}
                          onClick={() => installPackage(download)}
                        >
                          {t('downloads.actions.install')}
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-primary"
                          disabled={action.isPending}
                          onClick={() => toggle(download)}
                        >
                          {running ? t('downloads.actions.stop') : t('downloads.actions.start')}
                        </button>
                      )}
                      <button
                        type="button"
                        className="btn btn-sm btn-light"
                        disabled={action.isPending}
                        onClick={() => browse(download)}
                      >
                        {t('downloads.actions.browse')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-light"
                        onClick={() => setRemoving(download)}
                      >
                        {t('downloads.actions.remove')}
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <RemoveDownloadModal
        download={removing}
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}

/** After a move, the same arrow of the moved row, or its other arrow once it reached an end. */
function focusMoveButton(hash: string, direction: 'up' | 'down'): void {
  const other = direction === 'up' ? 'down' : 'up';
  const same = document.querySelector<HTMLButtonElement>(`[data-move="${direction}-${hash}"]`);
  const target =
    same && !same.disabled
      ? same
      : document.querySelector<HTMLButtonElement>(`[data-move="${other}-${hash}"]`);
  target?.focus();
}
