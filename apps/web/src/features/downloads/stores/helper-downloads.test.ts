import type { DownloadItem } from '@benchside/contracts/helper';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  helperDownloadsStore,
  INITIAL_HELPER_DOWNLOADS,
  receiveDownloads,
  setDownloadsRunning,
  setDownloadsStatus,
} from './helper-downloads.ts';

const item = (state: DownloadItem['state']): DownloadItem => ({
  hash: 'a'.repeat(40),
  name: 'tool.zip',
  soft: 'Tool',
  path: '/downloads',
  size: 100,
  downloaded: 50,
  progress: 0.5,
  downloadSpeed: 10,
  state,
  position: 1,
  eta: 5,
});

describe('helper downloads state', () => {
  beforeEach(() => helperDownloadsStore.set(INITIAL_HELPER_DOWNLOADS));

  it('starts not running, idle, with no results', () => {
    expect(helperDownloadsStore.get()).toEqual({ isRun: false, status: 'idle', results: [] });
  });

  it('goes back to idle whenever the run flag changes, and only then', () => {
    setDownloadsStatus('succeeded');
    setDownloadsRunning(false);
    expect(helperDownloadsStore.get().status).toBe('succeeded');
    setDownloadsRunning(true);
    expect(helperDownloadsStore.get()).toMatchObject({ isRun: true, status: 'idle' });
    setDownloadsStatus('failed');
    setDownloadsRunning(false);
    expect(helperDownloadsStore.get()).toMatchObject({ isRun: false, status: 'idle' });
  });

  it('keeps the list and runs while a download is downloading or checking', () => {
    receiveDownloads([item('stopped')]);
    expect(helperDownloadsStore.get()).toMatchObject({ isRun: false, status: 'succeeded' });
    receiveDownloads([item('stopped'), item('checking')]);
    expect(helperDownloadsStore.get()).toMatchObject({ isRun: true, status: 'idle' });
    expect(helperDownloadsStore.get().results).toHaveLength(2);
    receiveDownloads([item('downloading')]);
    expect(helperDownloadsStore.get()).toMatchObject({ isRun: true, status: 'succeeded' });
    receiveDownloads([item('done')]);
    expect(helperDownloadsStore.get()).toMatchObject({ isRun: false, status: 'idle' });
  });
});
