import type { DownloadItem } from '@benchside/contracts/helper';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callHelper } from '../../../lib/helper-client.ts';
import { DOWNLOADS_POLL_MS, usePollsDownloadsItself } from '../../../lib/helper-download.ts';
import { helperStatusStore } from '../../../lib/helper-status.ts';
import { DownloadsWatcher } from '../components/downloads-watcher.tsx';
import { helperDownloadsStore, INITIAL_HELPER_DOWNLOADS } from '../stores/helper-downloads.ts';
import { useDownloadList } from './helper-downloads.ts';

vi.mock('../../../lib/helper-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/helper-client.ts')>()),
  callHelper: vi.fn(),
}));

const download = (state: DownloadItem['state']): DownloadItem => ({
  hash: 'b'.repeat(40),
  name: 'firmware.zip',
  soft: 'Firmware',
  path: '/downloads',
  size: 1000,
  downloaded: 500,
  progress: 0.5,
  downloadSpeed: 100,
  state,
  position: 1,
  eta: 5,
});

// Query results reach React on a zero-delay timer, which the second step runs.
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    await vi.advanceTimersByTimeAsync(0);
  });

function listDownloadsWith(state: DownloadItem['state']) {
  const list = vi.mocked(callHelper);
  list.mockResolvedValue([download(state)]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  renderHook(() => useDownloadList(), { wrapper });
  return list;
}

describe('downloads list polling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    helperStatusStore.set('connected');
    helperDownloadsStore.set(INITIAL_HELPER_DOWNLOADS);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(callHelper).mockReset();
    helperStatusStore.set('pending');
  });

  it('asks the helper again every 3 s (3000 ms) while a download runs: not at 2.9 s, at 3 s', async () => {
    expect(DOWNLOADS_POLL_MS).toBe(3000);
    const list = listDownloadsWith('downloading');
    await advance(0);
    expect(list).toHaveBeenCalledTimes(1);
    expect(list).toHaveBeenCalledWith('/downloads/list', {});

    await advance(2_900);
    expect(list).toHaveBeenCalledTimes(1);
    await advance(100);
    expect(list).toHaveBeenCalledTimes(2);
    await advance(2_900);
    expect(list).toHaveBeenCalledTimes(2);
    await advance(100);
    expect(list).toHaveBeenCalledTimes(3);
  });

  it('stops polling when nothing downloads or checks', async () => {
    const list = listDownloadsWith('done');
    await advance(0);
    expect(list).toHaveBeenCalledTimes(1);
    await advance(30_000);
    expect(list).toHaveBeenCalledTimes(1);
  });
  it('shows a desktop notification when a polled download turns done', async () => {
    const shown: string[] = [];
    vi.stubGlobal(
      'Notification',
      class {
        static permission = 'granted';
        constructor(title: string, options?: NotificationOptions) {
          shown.push(`${title}: ${options?.body}`);
        }
      },
    );
    try {
      const list = listDownloadsWith('downloading');
      await advance(0);
      expect(shown).toEqual([]);
      list.mockResolvedValue([download('done')]);
      await advance(DOWNLOADS_POLL_MS);
      expect(shown).toEqual(['Download finished: firmware.zip is ready in your download folder.']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

function PagePollingItself() {
  usePollsDownloadsItself();
  return null;
}

/** The master layout's order: the page (its outlet) first, the watcher after it. */
function Layout({ client, pageOpen }: { client: QueryClient; pageOpen: boolean }) {
  return (
    <QueryClientProvider client={client}>
      {pageOpen ? <PagePollingItself /> : null}
      <DownloadsWatcher />
    </QueryClientProvider>
  );
}

describe('the master layout’s download watcher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    helperStatusStore.set('connected');
    helperDownloadsStore.set(INITIAL_HELPER_DOWNLOADS);
    vi.mocked(callHelper).mockResolvedValue([download('downloading')]);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(callHelper).mockReset();
    helperStatusStore.set('pending');
  });

  it('asks for the list once the helper is found and every 3 s while something downloads', async () => {
    render(
      <Layout client={new QueryClient({ defaultOptions: { queries: { retry: false } } })} pageOpen={false} />,
    );
    await advance(0);
    expect(callHelper).toHaveBeenCalledTimes(1);
    await advance(DOWNLOADS_POLL_MS);
    expect(callHelper).toHaveBeenCalledTimes(2);
  });

  it('asks nothing while a page that polls the list itself is open, and takes over when it closes', async () => {
    helperStatusStore.set('pending');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { rerender } = render(<Layout client={client} pageOpen />);
    act(() => helperStatusStore.set('connected'));
    await advance(3 * DOWNLOADS_POLL_MS);
    expect(callHelper).not.toHaveBeenCalled();
    rerender(<Layout client={client} pageOpen={false} />);
    await advance(0);
    expect(callHelper).toHaveBeenCalledTimes(1);
  });
});
