import type { DownloadItem } from '@benchside/contracts/helper';
import { createStore, useStore } from '../../../lib/create-store.ts';

/** The spec §8 messages the tools page shows, by their i18n keys. */
export type ToolFailureKey =
  | 'catalogue.errors.runTool'
  | 'catalogue.errors.launchSoftware'
  | 'catalogue.errors.downloadTool'
  | 'catalogue.errors.installTool'
  | 'catalogue.errors.softwareInstall'
  | 'catalogue.errors.loadDownloadFolder'
  | 'catalogue.errors.noDownloadFolder';

/**
 * What the page last did with one tool, shown in its row: the download being handed to the helper,
 * the download under way (followed through the helper's list), the install, a failure with the
 * helper's reason folded under the spec's message, or the moment the tool was started.
 */
export type ToolActivity =
  | { kind: 'adding' }
  /** `since`: when the helper took it, so a list older than that is not read as "removed". */
  | { kind: 'downloading'; hash: string; update: boolean; since: number }
  | { kind: 'installing'; hash: string }
  | { kind: 'failed'; messageKey: ToolFailureKey; detail: string | null }
  | { kind: 'started'; at: Date };

/**
 * By tool name. Kept outside the page, so a download started here is followed again, and installed,
 * when the user comes back from another page.
 */
export const toolActivityStore = createStore<Readonly<Record<string, ToolActivity>>>({});

export function useToolActivity(): Readonly<Record<string, ToolActivity>> {
  return useStore(toolActivityStore);
}

export function setToolActivity(name: string, activity: ToolActivity | null): void {
  toolActivityStore.set((current) => {
    const { [name]: _previous, ...rest } = current;
    return activity === null ? rest : { ...rest, [name]: activity };
  });
}

/** Whether this tool's Install or Update is under way. */
export function isInstalling(activity: ToolActivity | undefined): boolean {
  return activity?.kind === 'adding' || activity?.kind === 'downloading' || activity?.kind === 'installing';
}

export type DownloadStep = 'wait' | 'install' | 'failed';

/**
 * What a tool's download in the helper's list calls for: install once done; a download in error,
 * or gone from a list read after the helper took it (removed on the Downloads page), failed;
 * anything else is waited for.
 */
export function downloadStep(
  activity: Extract<ToolActivity, { kind: 'downloading' }>,
  list: readonly DownloadItem[],
  listReadAt: number,
): DownloadStep {
  const item = list.find((entry) => entry.hash === activity.hash);
  if (item === undefined) return listReadAt > activity.since ? 'failed' : 'wait';
  if (item.state === 'error') return 'failed';
  return item.state === 'done' ? 'install' : 'wait';
}

/** Spec §9: the list is polled while a tool's download runs, or before its first answer. */
export function needsDownloadPoll(
  activities: Readonly<Record<string, ToolActivity>>,
  list: readonly DownloadItem[] | undefined,
): boolean {
  return Object.values(activities).some((activity) => {
    if (activity.kind !== 'downloading') return false;
    const item = list?.find((entry) => entry.hash === activity.hash);
    // A queued download starts by itself when one ahead of it finishes: still worth watching.
    return (
      item === undefined ||
      item.state === 'downloading' ||
      item.state === 'checking' ||
      item.state === 'queued'
    );
  });
}
