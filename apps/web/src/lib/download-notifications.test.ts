import type { DownloadItem } from '@benchside/contracts/helper';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  askForDownloadNotifications,
  DOWNLOAD_NOTIFICATIONS_STORAGE_KEY,
  downloadNotificationsStore,
  finishedSince,
  notifyFinishedDownloads,
  setDownloadNotificationsOn,
} from './download-notifications.ts';

const download = (hash: string, state: DownloadItem['state']): DownloadItem => ({
  hash: hash.repeat(40),
  name: `${hash}.bin`,
  soft: 'Tool',
  path: '/downloads',
  size: 100,
  downloaded: state === 'done' ? 100 : 50,
  progress: state === 'done' ? 1 : 0.5,
  downloadSpeed: 0,
  state,
  position: 1,
  eta: null,
});

/** The browser's Notification API as a test sees it: what was shown, and what was asked. */
function stubNotifications(permission: NotificationPermission) {
  const shown: { title: string; body: string | undefined; instance: { onclick: (() => void) | null } }[] = [];
  const requestPermission = vi.fn(async () => permission);
  class RecordingNotification {
    static permission = permission;
    static requestPermission = requestPermission;
    onclick: (() => void) | null = null;
    close = vi.fn();
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body, instance: this });
    }
  }
  vi.stubGlobal('Notification', RecordingNotification);
  return { shown, requestPermission };
}

const text = (item: DownloadItem) => ({ title: 'Download finished', body: `${item.name} is ready` });

describe('finished downloads', () => {
  const previous = [download('a', 'downloading'), download('b', 'queued'), download('c', 'done')];
  const next = [
    download('a', 'done'),
    download('b', 'downloading'),
    download('c', 'done'),
    download('d', 'done'),
  ];

  it('are the ones done in this list that the last list showed unfinished or not at all', () => {
    // c was already done; d was added and finished between the two lists, as a small package is.
    expect(finishedSince(previous, next).map((item) => item.name)).toEqual(['a.bin', 'd.bin']);
  });

  it('are none in the first list a page asks for: those finished before the technician was there', () => {
    expect(finishedSince(null, next)).toEqual([]);
  });
});

describe('desktop notifications of finished downloads', () => {
  beforeEach(() => setDownloadNotificationsOn(true));
  afterEach(() => vi.unstubAllGlobals());

  it('shows one per finished download once allowed, and clicking one brings the page forward', () => {
    const { shown } = stubNotifications('granted');
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => {});
    notifyFinishedDownloads([download('a', 'done'), download('b', 'done')], text);
    expect(shown.map(({ title, body }) => ({ title, body }))).toEqual([
      { title: 'Download finished', body: 'a.bin is ready' },
      { title: 'Download finished', body: 'b.bin is ready' },
    ]);
    shown[0]?.instance.onclick?.();
    expect(focus).toHaveBeenCalled();
  });

  it('shows nothing when the browser denied them, or the switch is off', () => {
    const denied = stubNotifications('denied');
    notifyFinishedDownloads([download('a', 'done')], text);
    expect(denied.shown).toEqual([]);

    const granted = stubNotifications('granted');
    setDownloadNotificationsOn(false);
    notifyFinishedDownloads([download('a', 'done')], text);
    expect(granted.shown).toEqual([]);
    expect(localStorage.getItem(DOWNLOAD_NOTIFICATIONS_STORAGE_KEY)).toBe('off');
  });

  it('does nothing in a browser without the Notification API', async () => {
    vi.stubGlobal('Notification', undefined);
    expect(() => notifyFinishedDownloads([download('a', 'done')], text)).not.toThrow();
    await expect(askForDownloadNotifications()).resolves.toBeUndefined();
  });

  it('asks for the permission only while undecided and wanted, never again once decided', async () => {
    const undecided = stubNotifications('default');
    await askForDownloadNotifications();
    expect(undecided.requestPermission).toHaveBeenCalledTimes(1);

    for (const decided of ['granted', 'denied'] as const) {
      const { requestPermission } = stubNotifications(decided);
      await askForDownloadNotifications();
      expect(requestPermission).not.toHaveBeenCalled();
    }

    const off = stubNotifications('default');
    setDownloadNotificationsOn(false);
    await askForDownloadNotifications();
    expect(off.requestPermission).not.toHaveBeenCalled();
    expect(downloadNotificationsStore.get()).toBe(false);
  });
});
