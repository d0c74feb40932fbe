import {
  type DownloadItem,
  downloadFolderSchema,
  downloadItemSchema,
  type HelperSettings,
  helperOkSchema,
  helperSettingsSchema,
  installedToolSchema,
} from '@benchside/contracts/helper';
import { type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { z } from 'zod';
import { finishedSince, notifyFinishedDownloads } from '../../../lib/download-notifications.ts';
import { callHelper, parseHelperAnswer, readDownloadFolder } from '../../../lib/helper-client.ts';
import { DOWNLOADS_POLL_MS, helperDownloadsQueryKey } from '../../../lib/helper-download.ts';
import { useHelperStatus } from '../../../lib/helper-status.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { receiveDownloads, setDownloadsStatus, useHelperDownloads } from '../stores/helper-downloads.ts';

export const downloadFolderQueryKey = ['helper', 'download-folder'] as const;
export const helperSettingsQueryKey = ['helper', 'settings'] as const;

const downloadListSchema = z.array(downloadItemSchema);

/** `POST /downloads/list`: every download of the helper, the store following each answer. */
async function listDownloads({ client }: { client: QueryClient }): Promise<DownloadItem[]> {
  setDownloadsStatus('loading');
  try {
    const items = parseHelperAnswer(
      downloadListSchema,
      await callHelper('/downloads/list', {}),
      '/downloads/list',
    );
    // The list this query answered last, before this answer replaces it.
    const previous = client.getQueryData<DownloadItem[]>(helperDownloadsQueryKey) ?? null;
    notifyFinishedDownloads(finishedSince(previous, items), (download) => ({
      title: i18next.t('downloads.notifications.finishedTitle'),
      body: i18next.t('downloads.notifications.finishedBody', { name: download.name }),
    }));
    receiveDownloads(items);
    return items;
  } catch (error) {
    setDownloadsStatus('failed');
    throw error;
  }
}

/**
 * The list, asked only of a connected helper, and polled while a download runs. The master layout
 * keeps it (`DownloadsWatcher`), so a download that finishes while the technician is on another
 * page still brings its desktop notification; the Downloads page shares the same query.
 */
export function useDownloadList({ enabled = true }: { enabled?: boolean } = {}) {
  const connected = useHelperStatus() === 'connected';
  const { isRun } = useHelperDownloads();
  return useQuery({
    queryKey: helperDownloadsQueryKey,
    queryFn: listDownloads,
    enabled: enabled && connected,
    refetchInterval: isRun ? DOWNLOADS_POLL_MS : false,
    // The list changes outside this page (other tabs, the helper itself): fresh on every visit.
    staleTime: 0,
  });
}

const refreshDownloads = () => queryClient.invalidateQueries({ queryKey: helperDownloadsQueryKey });

export type DownloadAction = 'start' | 'stop' | 'browse';

/** `/downloads/start`, `/downloads/stop`, `/downloads/browse` {hash}. */
export function useDownloadAction() {
  return useMutation({
    mutationFn: async ({ action, hash }: { action: DownloadAction; hash: string }) =>
      callHelper(`/downloads/${action}`, { hash }),
    onSettled: refreshDownloads,
  });
}

/** `/downloads/startAll` or `/downloads/stopAll`. */
export function useAllDownloadsAction() {
  return useMutation({
    mutationFn: async (action: 'startAll' | 'stopAll') => {
      const path = `/downloads/${action}`;
      return parseHelperAnswer(downloadListSchema, await callHelper(path, {}), path);
    },
    onSettled: refreshDownloads,
  });
}

/** `/downloads/move` {hash, direction}: one place up or down the queue; the answer is the new list. */
export function useMoveDownload() {
  return useMutation({
    mutationFn: async ({ hash, direction }: { hash: string; direction: 'up' | 'down' }) => {
      const items = parseHelperAnswer(
        downloadListSchema,
        await callHelper('/downloads/move', { hash, direction }),
        '/downloads/move',
      );
      receiveDownloads(items);
      return items;
    },
    onSettled: refreshDownloads,
  });
}

/** `/downloads/remove` {hash, withData}. */
export function useRemoveDownload() {
  return useMutation({
    mutationFn: async ({ hash, withData }: { hash: string; withData: boolean }) =>
      parseHelperAnswer(
        helperOkSchema,
        await callHelper('/downloads/remove', { hash, withData }),
        '/downloads/remove',
      ),
    onSettled: refreshDownloads,
  });
}

/** `/downloads/install` {hash}: unpacks a finished package into the helper's tools. */
export function useInstallDownload() {
  return useMutation({
    mutationFn: async (hash: string) =>
      parseHelperAnswer(
        installedToolSchema,
        await callHelper('/downloads/install', { hash }),
        '/downloads/install',
      ),
  });
}

const downloadFolderQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: downloadFolderQueryKey,
    queryFn: readDownloadFolder,
    enabled,
  });

/** `GET /general/getDownloadFolder`, asked only of a connected helper. */
export function useDownloadFolder() {
  return useQuery(downloadFolderQueryOptions(useHelperStatus() === 'connected'));
}

/** `POST /general/setDownloadFolder` {path}: the helper creates it and checks it is writable. */
export function useSetDownloadFolder() {
  return useMutation({
    mutationFn: async (path: string) =>
      parseHelperAnswer(
        downloadFolderSchema,
        await callHelper('/general/setDownloadFolder', { path }),
        '/general/setDownloadFolder',
      ).path,
    onSuccess: (path) => queryClient.setQueryData(downloadFolderQueryKey, path),
  });
}

/** `POST /general/getSettings`: the speed limit and "pause at startup", asked only of a connected helper. */
export function useHelperSettings() {
  return useQuery({
    queryKey: helperSettingsQueryKey,
    queryFn: async () =>
      parseHelperAnswer(
        helperSettingsSchema,
        await callHelper('/general/getSettings', {}),
        '/general/getSettings',
      ),
    enabled: useHelperStatus() === 'connected',
  });
}

/** `POST /general/setSettings`: the helper keeps them on disk and applies the limit at once. */
export function useSaveHelperSettings() {
  return useMutation({
    mutationFn: async (change: Partial<HelperSettings>) =>
      parseHelperAnswer(
        helperSettingsSchema,
        await callHelper('/general/setSettings', change),
        '/general/setSettings',
      ),
    onSuccess: (settings) => queryClient.setQueryData(helperSettingsQueryKey, settings),
  });
}
