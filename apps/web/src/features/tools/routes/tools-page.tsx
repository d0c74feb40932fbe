import type { InstalledTool } from '@benchside/contracts/helper';
import { useTranslation } from 'react-i18next';
import '../tools.scss';
import { CatalogueTable, SizeAndDateCells } from '../../../components/catalogue/catalogue-table.tsx';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { IconToolbox } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { WatchButton } from '../../../components/watch/watch-button.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { useSofts } from '../../../lib/catalogue-api.ts';
import { HELPER_ACCESS_LABEL_KEYS } from '../../../lib/helper-access.ts';
import { helperReason } from '../../../lib/helper-client.ts';
import { launchHelperModalStore, useHelperAccess, useHelperStatus } from '../../../lib/helper-status.ts';
import { notify } from '../../../lib/notify.ts';
import { useToolInstalls } from '../api/install-tool.ts';
import { useInstalledTools } from '../api/installed-tools.ts';
import { runFailureKey, useRunTool } from '../api/run-tool.ts';
import { ToolActivityNote } from '../components/tool-activity-note.tsx';
import { isInstalling, setToolActivity, useToolActivity } from '../stores/tool-activity.ts';

/** Why the tools' state cannot be read, and the way to the explanation, when the helper is out of reach. */
function HelperOutOfReach() {
  const { t } = useTranslation();
  const status = useHelperStatus();
  const access = useHelperAccess();
  if (access === 'open' && status !== 'no-connection') return null;
  return (
    <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="status">
      <span className="me-auto">
        {access === 'open'
          ? t('catalogue.tools.helperAway')
          : t('catalogue.tools.helperOutOfReach', { state: t(HELPER_ACCESS_LABEL_KEYS[access]) })}
      </span>
      <button
        type="button"
        className="btn btn-sm btn-warning"
        onClick={() => launchHelperModalStore.set(true)}
      >
        {t('catalogue.tools.whatToDo')}
      </button>
    </div>
  );
}

/** The tools the user may use, what the helper has installed, and Run / Install / Update through it. */
export function ToolsPage() {
  const { t } = useTranslation();
  const softs = useSofts();
  const installed = useInstalledTools();
  const activities = useToolActivity();
  const installs = useToolInstalls();
  const run = useRunTool();

  const runTool = (tool: InstalledTool, name: string) =>
    run.mutate(tool, {
      onSuccess: () => {
        setToolActivity(name, { kind: 'started', at: new Date() });
        notify(t('catalogue.tools.started', { name }), 'success');
      },
      onError: (error) => {
        const messageKey = runFailureKey(error);
        setToolActivity(name, { kind: 'failed', messageKey, detail: helperReason(error) });
        notify(t(messageKey), 'error');
      },
    });

  return (
    <>
      <PageTitle breadcrumbs={[{ title: t('menu.home'), path: '/' }]}>{t('menu.tools')}</PageTitle>
      {softs.isPending ? <Spinner label={t('catalogue.loading')} className="text-primary" /> : null}
      <ErrorAlert
        message={softs.isError ? apiErrorMessage(t, softs.error, t('catalogue.loadError')) : null}
      />
      <HelperOutOfReach />
      {installed.isError ? <ErrorAlert message={t('catalogue.errors.softwareList')} /> : null}
      {softs.data?.totalItems === 0 ? (
        <EmptyState
          icon={<IconToolbox size={32} />}
          title={t('pages.tools.emptyTitle')}
          text={t('pages.tools.emptyText')}
        />
      ) : null}
      {softs.data && softs.data.totalItems > 0 ? (
        <section className="card">
          <div className="card-body table-responsive">
            <CatalogueTable
              className="mb-0"
              columns={[t('catalogue.tools.latest'), t('catalogue.tools.state')]}
            >
              {softs.data.member.map((soft) => {
                const local = installed.data?.find((tool) => tool.soft === soft.name);
                const updatable = local !== undefined && local.version !== soft.version;
                const activity = activities[soft.name];
                const starting = run.isPending && run.variables?.id === local?.id;
                return (
                  <tr key={soft.name}>
                    <th scope="row">{soft.name}</th>
                    <td>{soft.version}</td>
                    <td>
                      {installed.data && !local ? (
                        <span className="badge text-bg-secondary">{t('catalogue.tools.notInstalled')}</span>
                      ) : null}
                      {local && !updatable ? (
                        <span className="badge text-bg-success">
                          {t('catalogue.tools.installedVersion', { version: local.version })}
                        </span>
                      ) : null}
                      {updatable ? (
                        <span className="badge text-bg-warning">
                          {t('catalogue.tools.updateAvailable', { version: local.version })}
                        </span>
                      ) : null}
                      <ToolActivityNote name={soft.name} activity={activity} downloads={installs.downloads} />
                    </td>
                    <SizeAndDateCells size={soft.size} date={soft.date} />
                    <td className="text-end text-nowrap">
                      <WatchButton
                        className="me-2"
                        listLink={false}
                        target={{ kind: 'tool', name: soft.name }}
                      />
                      {local ? (
                        <button
                          type="button"
                          className="btn btn-sm btn-primary me-2"
                          disabled={starting || isInstalling(activity)}
                          onClick={() => runTool(local, soft.name)}
                        >
                          {starting ? <Spinner small className="me-1" /> : null}
                          {t('catalogue.tools.run', { name: soft.name })}
                        </button>
                      ) : null}
                      {installed.data && (!local || updatable) ? (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-primary"
                          disabled={isInstalling(activity)}
                          onClick={() => void installs.start(soft, updatable)}
                        >
                          {updatable
                            ? t('catalogue.tools.update', { name: soft.name })
                            : t('catalogue.tools.install', { name: soft.name })}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </CatalogueTable>
          </div>
        </section>
      ) : null}
    </>
  );
}
