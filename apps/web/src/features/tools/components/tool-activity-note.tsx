import type { DownloadItem } from '@benchside/contracts/helper';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { dateTimeFormat, numberFormat } from '../../../lib/format.ts';
import type { ToolActivity } from '../stores/tool-activity.ts';

/** What the page is doing with one tool, under its state: a live region, so it is also heard. */
export function ToolActivityNote({
  name,
  activity,
  downloads,
}: {
  name: string;
  activity: ToolActivity | undefined;
  downloads: readonly DownloadItem[] | undefined;
}) {
  return (
    <div className="tool-download small mt-1" role="status">
      {activity ? <ActivityText name={name} activity={activity} downloads={downloads} /> : null}
    </div>
  );
}

function BusyText({ text }: { text: string }) {
  return (
    <span className="text-body-secondary">
      <Spinner small className="me-1" />
      {text}
    </span>
  );
}

function ActivityText({
  name,
  activity,
  downloads,
}: {
  name: string;
  activity: ToolActivity;
  downloads: readonly DownloadItem[] | undefined;
}) {
  const { t, i18n } = useTranslation();
  switch (activity.kind) {
    case 'adding':
      return <BusyText text={t('catalogue.tools.preparing')} />;
    case 'downloading': {
      const item = downloads?.find((entry) => entry.hash === activity.hash);
      const percent = Math.floor((item?.progress ?? 0) * 100);
      return (
        <>
          <div
            className="progress mb-1"
            role="progressbar"
            aria-label={t('catalogue.tools.downloadOf', { name })}
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div
              className={`progress-bar${item?.state === 'stopped' ? '' : ' progress-bar-striped progress-bar-animated'}`}
              style={{ width: `${percent}%` }}
            />
          </div>
          <span className="text-body-secondary">
            {item?.state === 'stopped' ? (
              <Trans
                i18nKey="catalogue.tools.downloadStopped"
                components={{ downloadsLink: <Link to="/downloads" /> }}
              />
            ) : (
              t('catalogue.tools.downloading', {
                percent: numberFormat(i18n.language, { style: 'percent' }).format(percent / 100),
              })
            )}
          </span>
        </>
      );
    }
    case 'installing':
      return <BusyText text={t('catalogue.tools.installing')} />;
    case 'failed':
      return (
        <div className="text-danger">
          {t(activity.messageKey)}
          {activity.detail ? (
            <details className="text-body-secondary">
              <summary>{t('catalogue.tools.details')}</summary>
              {activity.detail}
            </details>
          ) : null}
        </div>
      );
    case 'started':
      return (
        <span className="text-success">
          {t('catalogue.tools.startedAt', {
            time: dateTimeFormat(i18n.language, { timeStyle: 'short' }).format(activity.at),
          })}
        </span>
      );
  }
}
