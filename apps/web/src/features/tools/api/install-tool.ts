import type { Soft } from '@benchside/contracts/catalogue';
import { type DownloadItem, downloadItemSchema, installedToolSchema } from '@benchside/contracts/helper';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { callHelper, HelperError, helperReason, parseHelperAnswer } from '../../../lib/helper-client.ts';
import {
  DOWNLOADS_POLL_MS,
  downloadThroughHelper,
  HelperDownloadError,
  usePollsDownloadsItself,
} from '../../../lib/helper-download.ts';
import { useHelperStatus } from '../../../lib/helper-status.ts';
import { notify } from '../../../lib/notify.ts';
import { queryClient } from '../../../lib/query-client.ts';
import {
  downloadStep,
  needsDownloadPoll,
  setToolActivity,
  type ToolFailureKey,
  toolActivityStore,
  useToolActivity,
} from '../stores/tool-activity.ts';
import { refreshInstalledTools } from './installed-tools.ts';

export const toolDownloadsQueryKey = ['helper', 'downloads', 'tools'] as const;

/**
 * The spec §8 message of an Install that could not start: the download folder's own messages, the
 * user can fix those in the helper; anything else is 'Error downloading tool'.
 */
export function addFailureKey(error: unknown): ToolFailureKey {
  if (error instanceof HelperDownloadError && error.isFolderProblem) {
    return error.specMessage === 'Default download folder not selected!'
      ? 'catalogue.errors.noDownloadFolder'
      : 'catalogue.errors.loadDownloadFolder';
  }
  return 'catalogue.errors.downloadTool';
}

/**
 * The spec §8 message of a failed `/downloads/install`: an answer that is not an installed tool is
 * 'Software installation error', a refusal or no answer 'Error installing tool'.
 */
export function installFailureKey(error: unknown): ToolFailureKey {
  return error instanceof HelperError && error.reason === 'invalid-response'
    ? 'catalogue.errors.softwareInstall'
    : 'catalogue.errors.installTool';
}

async function listDownloads(): Promise<DownloadItem[]> {
  return parseHelperAnswer(
    downloadItemSchema.array(),
    await callHelper('/downloads/list', {}),
    '/downloads/list',
  );
}

/**
 * Install and Update on the tools page: the package is handed to the helper, its download followed
 * in the helper's list (polled every 3 s while it runs, however long it takes), then installed.
 * Each step and failure shows in the tool's row; the list is the helper's, so what happens on the
 * Downloads page (a stop, a removal) shows here too.
 */
export function useToolInstalls() {
  const { t } = useTranslation();
  const activities = useToolActivity();
  const connected = useHelperStatus() === 'connected';
  const following = Object.values(activities).some((activity) => activity.kind === 'downloading');
  usePollsDownloadsItself();
  const downloads = useQuery({
    queryKey: toolDownloadsQueryKey,
    queryFn: listDownloads,
    enabled: connected && following,
    refetchInterval: (query) =>
      needsDownloadPoll(toolActivityStore.get(), query.state.data) ? DOWNLOADS_POLL_MS : false,
    staleTime: 0,
  });

  const fail = useCallback(
    (name: string, messageKey: ToolFailureKey, detail: string | null) => {
      setToolActivity(name, { kind: 'failed', messageKey, detail });
      notify(t(messageKey), 'error');
    },
    [t],
  );

  const install = useCallback(
    async (name: string, hash: string, update: boolean) => {
      setToolActivity(name, { kind: 'installing', hash });
      try {
        const answer = await callHelper('/downloads/install', { hash, isSoftwareUpdate: update });
        const tool = parseHelperAnswer(installedToolSchema, answer, '/downloads/install');
        setToolActivity(name, null);
        notify(t('catalogue.tools.installed', { name: tool.name }), 'success');
      } catch (error) {
        fail(name, installFailureKey(error), helperReason(error));
      } finally {
        await refreshInstalledTools();
      }
    },
    [t, fail],
  );

  // Each answer of the list moves the followed downloads on. The store is asked again before a
  // step, as this render's view of it may already be behind: an install is never started twice.
  const { data: list, dataUpdatedAt } = downloads;
  useEffect(() => {
    if (!list) return;
    for (const name of Object.keys(activities)) {
      const activity = toolActivityStore.get()[name];
      if (activity?.kind !== 'downloading') continue;
      const step = downloadStep(activity, list, dataUpdatedAt);
      if (step === 'install') void install(name, activity.hash, activity.update);
      if (step === 'failed') {
        const reason = list.find((entry) => entry.hash === activity.hash)?.error ?? null;
        fail(name, 'catalogue.errors.downloadTool', reason);
      }
    }
  }, [list, dataUpdatedAt, activities, install, fail]);

  const start = useCallback(
    async (soft: Soft, update: boolean) => {
      setToolActivity(soft.name, { kind: 'adding' });
      try {
        const added = await downloadThroughHelper(soft.fileId);
        setToolActivity(soft.name, { kind: 'downloading', hash: added.hash, update, since: Date.now() });
        // The helper's answer is the newest word on this download (it may be done already, a
        // package downloaded before): the list is not waited for.
        queryClient.setQueryData<DownloadItem[]>(toolDownloadsQueryKey, (current = []) => [
          ...current.filter((entry) => entry.hash !== added.hash),
          added,
        ]);
      } catch (error) {
        const cause = error instanceof HelperDownloadError ? error.cause : error;
        fail(soft.name, addFailureKey(error), helperReason(cause));
      }
    },
    [fail],
  );

  return { start, downloads: downloads.data };
}
