import { type DownloadItem, downloadItemSchema } from '@benchside/contracts/helper';
import { useEffect } from 'react';
import { getDownloadLink } from './catalogue-api.ts';
import { createStore, useStore } from './create-store.ts';
import { callHelper, parseHelperAnswer, readDownloadFolder } from './helper-client.ts';
import { queryClient } from './query-client.ts';

/** Spec §9: the helper's download list is polled every 3 s while something downloads. */
export const DOWNLOADS_POLL_MS = 3000;

/** The query of the helper's download list, which every signed-in page keeps while something downloads. */
export const helperDownloadsQueryKey = ['helper', 'downloads'] as const;

/** How many mounted pages poll the helper's download list themselves. */
const pagesPollingDownloads = createStore(0);

/**
 * Said by a page that polls the download list itself (Downloads, Tools): while it is open the
 * master layout's watcher leaves the list to it, so the helper is asked once every 3 s, not twice.
 */
export function usePollsDownloadsItself(): void {
  useEffect(() => {
    pagesPollingDownloads.set((count) => count + 1);
    return () => pagesPollingDownloads.set((count) => count - 1);
  }, []);
}

export function useAPagePollsDownloads(): boolean {
  return useStore(pagesPollingDownloads) > 0;
}

/** The spec §8 message of each way a download can fail before the helper has it, and its i18n key. */
const MESSAGE_KEYS = {
  'We cannot load your download folder': 'catalogue.errors.loadDownloadFolder',
  'Default download folder not selected!': 'catalogue.errors.noDownloadFolder',
  'File download error': 'catalogue.errors.fileDownload',
  'Error to add file download': 'catalogue.errors.addDownload',
} as const;

type SpecMessage = keyof typeof MESSAGE_KEYS;

/** A download that could not be handed to the helper, with the spec §8 message to show. */
export class HelperDownloadError extends Error {
  override readonly name = 'HelperDownloadError';

  constructor(
    readonly specMessage: SpecMessage,
    override readonly cause: unknown,
  ) {
    super(specMessage);
  }

  get messageKey(): (typeof MESSAGE_KEYS)[SpecMessage] {
    return MESSAGE_KEYS[this.specMessage];
  }

  /** The helper's download folder is the problem: what the user fixes in the helper, whatever was downloading. */
  get isFolderProblem(): boolean {
    return this.specMessage !== 'File download error' && this.specMessage !== 'Error to add file download';
  }
}

/**
 * The helper's download folder (`GET /general/getDownloadFolder`), checked before anything is
 * asked of the API: a helper that cannot say where files go, or has no folder, gets no download.
 */
async function downloadFolder(): Promise<string> {
  let path: string;
  try {
    path = await readDownloadFolder();
  } catch (error) {
    throw new HelperDownloadError('We cannot load your download folder', error);
  }
  if (path.trim() === '') throw new HelperDownloadError('Default download folder not selected!', null);
  return path;
}

/**
 * Checks the helper's download folder, asks the API for a signed torrent link to the package and
 * hands it to the helper's `/downloads/add`, then the package's extra web seeds (a CDN, the
 * bucket) to `/downloads/addWebSeeds`. The page says nothing about what the package must be: the
 * helper reads that from the vendor's signed manifest on the downloads host. The download list is
 * asked for again, so that it is watched until the download finishes, whichever page is open.
 */
export async function downloadThroughHelper(fileId: number): Promise<DownloadItem> {
  const added = await handToHelper(fileId);
  void queryClient.invalidateQueries({ queryKey: helperDownloadsQueryKey });
  return added;
}

async function handToHelper(fileId: number): Promise<DownloadItem> {
  await downloadFolder();
  let link: Awaited<ReturnType<typeof getDownloadLink>>;
  try {
    link = await getDownloadLink(fileId);
  } catch (error) {
    throw new HelperDownloadError('File download error', error);
  }
  let added: DownloadItem;
  try {
    const answer = await callHelper('/downloads/add', { url: link.url, soft: link.soft });
    added = parseHelperAnswer(downloadItemSchema, answer, '/downloads/add');
  } catch (error) {
    throw new HelperDownloadError('Error to add file download', error);
  }
  if (link.webSeeds.length === 0) return added;
  try {
    const answer = await callHelper('/downloads/addWebSeeds', { hash: added.hash, list: link.webSeeds });
    return parseHelperAnswer(downloadItemSchema, answer, '/downloads/addWebSeeds');
  } catch {
    // The download runs from the portal's own web seed either way; a helper whose downloads hosts
    // leave out the extra seeds' hosts refuses them (403), which costs speed, not the download.
    return added;
  }
}
