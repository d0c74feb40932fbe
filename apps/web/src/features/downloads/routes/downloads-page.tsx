import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { IconPlug } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { launchHelperModalStore, useHelperStatus } from '../../../lib/helper-status.ts';
import { DownloadFolderCard } from '../components/download-folder-card.tsx';
import { DownloadSettingsCard } from '../components/download-settings-card.tsx';
import { DownloadsTable } from '../components/downloads-table.tsx';
import '../downloads.scss';

/** `/downloads`: what the local helper downloads, and where it saves it. */
export function DownloadsPage() {
  const { t } = useTranslation();
  const status = useHelperStatus();
  return (
    <>
      <PageTitle breadcrumbs={[{ title: t('menu.home'), path: '/' }]}>{t('menu.downloads')}</PageTitle>
      {status === 'connected' ? (
        <>
          <DownloadFolderCard />
          <DownloadSettingsCard />
          <DownloadsTable />
        </>
      ) : status === 'pending' ? (
        <div className="d-flex justify-content-center py-5">
          <Spinner label={t('downloads.lookingForHelper')} className="text-primary" />
        </div>
      ) : (
        <section className="card empty-state" aria-labelledby="no-helper-title">
          <div className="card-body text-center py-5 px-4">
            <div className="empty-state-icon mx-auto mb-4">
              <IconPlug size={32} />
            </div>
            <h2 id="no-helper-title" className="h5 fw-semibold mb-2">
              {t('downloads.noHelper.title')}
            </h2>
            <p className="text-body-secondary mx-auto empty-state-text">{t('downloads.noHelper.text')}</p>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => launchHelperModalStore.set(true)}
            >
              {t('helper.launch.launch')}
            </button>
            <p className="text-body-secondary mt-4 mb-0">
              {t('downloads.noHelper.direct')} <Link to="/files">{t('downloads.noHelper.directLink')}</Link>
            </p>
          </div>
        </section>
      )}
    </>
  );
}
