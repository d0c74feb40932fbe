import type { Soft } from '@benchside/contracts/catalogue';
import { downloadItemSchema, type InstalledTool, installedToolSchema } from '@benchside/contracts/helper';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CatalogueTable, SizeAndDateCells } from '../../../components/catalogue/catalogue-table.tsx';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { IconToolbox } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { useSofts } from '../../../lib/catalogue-api.ts';
import { callHelper, parseHelperAnswer } from '../../../lib/helper-client.ts';
import { downloadThroughHelper, HelperDownloadError } from '../../../lib/helper-download.ts';
import { notify } from '../../../lib/notify.ts';

const INSTALLED_QUERY_KEY = ['helper', 'software'];
const DOWNLOAD_POLL_MS = 1000;
const DOWNLOAD_TIMEOUT_MS = 10 * 60 * 1000;

async function listInstalled(): Promise<InstalledTool[]> {
  return parseHelperAnswer(
    installedToolSchema.array(),
    await callHelper('/software/list', {}),
    '/software/list',
  );
}

/** Downloads the tool through the helper, waits for the download, then installs it. */
async function installTool(
  soft: Soft,
  isSoftwareUpdate: boolean,
  messages: Record<'download' | 'install', string>,
) {
  let hash: string;
  try {
    hash = (await downloadThroughHelper(soft.fileId)).hash;
  } catch (error) {
    if (error instanceof HelperDownloadError && error.isFolderProblem) throw error;
    throw new Error(messages.download);
  }
  const deadline = Date.now() + DOWNLOAD_TIMEOUT_MS;
  for (;;) {
    const answer = await callHelper('/downloads/list', { softName: soft.name });
    const list = parseHelperAnswer(downloadItemSchema.array(), answer, '/downloads/list');
    const item = list.find((entry) => entry.hash === hash);
    if (item?.state === 'done') break;
    if (!item || item.state === 'error' || Date.now() > deadline) throw new Error(messages.download);
    await new Promise((resolve) => setTimeout(resolve, DOWNLOAD_POLL_MS));
  }
  try {
    await callHelper('/downloads/install', { hash, isSoftwareUpdate });
  } catch {
    throw new Error(messages.install);
  }
}

/** The tools the user may use, what the helper has installed, and Run / Install / Update through it. */
export function ToolsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const softs = useSofts();
  const installed = useQuery({ queryKey: INSTALLED_QUERY_KEY, queryFn: listInstalled, retry: false });
  const install = useMutation({
    mutationFn: ({ soft, update }: { soft: Soft; update: boolean }) =>
      installTool(soft, update, {
        download: t('catalogue.errors.downloadTool'),
        install: t('catalogue.errors.installTool'),
      }),
    onSuccess: (_result, { soft }) => notify(t('catalogue.tools.installed', { name: soft.name }), 'success'),
    onError: (error) =>
      notify(
        error instanceof HelperDownloadError
          ? t(error.messageKey)
          : error instanceof Error
            ? error.message
            : t('catalogue.errors.softwareInstall'),
        'error',
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: INSTALLED_QUERY_KEY }),
  });
  const run = useMutation({
    mutationFn: (id: string) => callHelper('/software/run', { id }),
    onError: () => notify(t('catalogue.errors.runTool'), 'error'),
  });

  return (
    <>
      <PageTitle breadcrumbs={[{ title: t('menu.home'), path: '/' }]}>{t('menu.tools')}</PageTitle>
      {softs.isPending ? <Spinner label={t('catalogue.loading')} className="text-primary" /> : null}
      <ErrorAlert
        message={softs.isError ? apiErrorMessage(t, softs.error, t('catalogue.loadError')) : null}
      />
      {installed.isError ? (
        <div className="alert alert-warning" role="status">
          {t('catalogue.tools.helperAway')}
        </div>
      ) : null}
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
                const busy = install.isPending && install.variables?.soft.name === soft.name;
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
                    </td>
                    <SizeAndDateCells size={soft.size} date={soft.date} />
                    <td className="text-end text-nowrap">
                      {local ? (
                        <button
                          type="button"
                          className="btn btn-sm btn-primary me-2"
                          disabled={run.isPending}
                          onClick={() => run.mutate(local.id)}
                        >
                          {t('catalogue.tools.run', { name: soft.name })}
                        </button>
                      ) : null}
                      {installed.data && (!local || updatable) ? (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-primary"
                          disabled={install.isPending}
                          onClick={() => install.mutate({ soft, update: updatable })}
                        >
                          {busy ? <Spinner small className="me-1" /> : null}
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
