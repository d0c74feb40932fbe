import type { DownloadItem } from '@benchside/contracts/helper';
import { createStore, useStore } from './create-store.ts';

export const DOWNLOAD_NOTIFICATIONS_STORAGE_KEY = 'benchside_download_notifications';

/** The technician's switch, kept in this browser: on unless turned off. */
export const downloadNotificationsStore = createStore<boolean>(readSwitch());

function readSwitch(): boolean {
  try {
    return globalThis.localStorage?.getItem(DOWNLOAD_NOTIFICATIONS_STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function useDownloadNotificationsOn(): boolean {
  return useStore(downloadNotificationsStore);
}

export function setDownloadNotificationsOn(on: boolean): void {
  downloadNotificationsStore.set(on);
  try {
    localStorage.setItem(DOWNLOAD_NOTIFICATIONS_STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // A browser that keeps nothing (private mode) still follows the switch until the tab closes.
  }
}

/** Where this browser stands: `unsupported` without the Notification API (many phones). */
export function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/**
 * Asks for the permission the first time it is of use (the technician starts a download or turns
 * the switch on), never on page load: a browser shows the prompt only after a user's gesture,
 * and a prompt nobody asked for gets denied for good. A decision already made is not asked again.
 */
export async function askForDownloadNotifications(): Promise<void> {
  if (!downloadNotificationsStore.get() || notificationPermission() !== 'default') return;
  await Notification.requestPermission();
}

/**
 * The downloads done in this list that the last list showed unfinished or not at all (added and
 * finished between two lists, as a small package does). With no last list, none: the page is
 * asking for the first time, and what is done finished before the technician was here.
 */
export function finishedSince(
  previous: readonly DownloadItem[] | null,
  next: readonly DownloadItem[],
): DownloadItem[] {
  if (previous === null) return [];
  const doneBefore = new Set(previous.filter((item) => item.state === 'done').map((item) => item.hash));
  return next.filter((item) => item.state === 'done' && !doneBefore.has(item.hash));
}

/**
 * One desktop notification per finished download, when the switch is on and the browser allows
 * them; clicking one brings the portal's tab forward.
 */
export function notifyFinishedDownloads(
  finished: readonly DownloadItem[],
  text: (download: DownloadItem) => { title: string; body: string },
): void {
  if (!downloadNotificationsStore.get() || notificationPermission() !== 'granted') return;
  for (const download of finished) {
    const { title, body } = text(download);
    // The tag keeps one notification per download, however many tabs saw it finish.
    const notification = new Notification(title, { body, tag: `download-${download.hash}` });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  }
}
