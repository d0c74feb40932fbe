import { useAPagePollsDownloads } from '../../../lib/helper-download.ts';
import { useDownloadList } from '../api/helper-downloads.ts';

/**
 * Mounted by the master layout on every signed-in page: the helper's download list is asked for
 * once the helper is found and polled while something downloads, so a download that finishes
 * while the technician is elsewhere in the portal still brings its desktop notification. A page
 * that polls the list itself (Downloads, Tools) has it while it is open.
 */
export function DownloadsWatcher() {
  useDownloadList({ enabled: !useAPagePollsDownloads() });
  return null;
}
