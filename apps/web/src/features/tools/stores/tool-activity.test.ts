import type { DownloadItem } from '@benchside/contracts/helper';
import { describe, expect, it } from 'vitest';
import { downloadStep, isInstalling, needsDownloadPoll, type ToolActivity } from './tool-activity.ts';

const item = (hash: string, state: DownloadItem['state'], error?: string): DownloadItem => ({
  hash,
  name: 'benchside-flash-1.2.0.tgz',
  soft: 'Benchside Flash',
  path: '/downloads',
  size: 100,
  downloaded: state === 'done' ? 100 : 40,
  progress: state === 'done' ? 1 : 0.4,
  downloadSpeed: 0,
  state,
  position: 1,
  eta: null,
  ...(error ? { error } : {}),
});

const following = { kind: 'downloading', hash: 'a', update: false, since: 1_000 } as const;

describe("a tool's download", () => {
  it('is installed once the helper has it all', () => {
    expect(downloadStep(following, [item('a', 'done')], 2_000)).toBe('install');
  });

  it('is waited for while it runs, is checked or stopped: there is no deadline', () => {
    for (const state of ['downloading', 'checking', 'stopped'] as const) {
      expect(downloadStep(following, [item('a', state)], 2_000)).toBe('wait');
    }
  });

  it('failed when the helper reports an error, or a list read after it began no longer has it', () => {
    expect(downloadStep(following, [item('a', 'error', 'disk full')], 2_000)).toBe('failed');
    expect(downloadStep(following, [item('b', 'done')], 2_000)).toBe('failed');
  });

  it('is not called removed by a list read before the helper took it', () => {
    expect(downloadStep(following, [], 500)).toBe('wait');
  });
});

describe('the download list poll', () => {
  const activities = (activity: ToolActivity) => ({ 'Benchside Flash': activity });

  it('runs while a followed download runs or is checked, and before the list has answered', () => {
    expect(needsDownloadPoll(activities(following), [item('a', 'downloading')])).toBe(true);
    expect(needsDownloadPoll(activities(following), [item('a', 'checking')])).toBe(true);
    expect(needsDownloadPoll(activities(following), undefined)).toBe(true);
  });

  it('stops when the download is done, stopped or failed, and when nothing is followed', () => {
    expect(needsDownloadPoll(activities(following), [item('a', 'done')])).toBe(false);
    expect(needsDownloadPoll(activities(following), [item('a', 'stopped')])).toBe(false);
    expect(needsDownloadPoll(activities(following), [item('a', 'error')])).toBe(false);
    expect(
      needsDownloadPoll(activities({ kind: 'started', at: new Date() }), [item('a', 'downloading')]),
    ).toBe(false);
  });
});

describe('Install and Update', () => {
  it('are under way from the hand-over to the helper to the end of the install', () => {
    expect(isInstalling({ kind: 'adding' })).toBe(true);
    expect(isInstalling(following)).toBe(true);
    expect(isInstalling({ kind: 'installing', hash: 'a' })).toBe(true);
    expect(isInstalling({ kind: 'failed', messageKey: 'catalogue.errors.installTool', detail: null })).toBe(
      false,
    );
    expect(isInstalling(undefined)).toBe(false);
  });
});
