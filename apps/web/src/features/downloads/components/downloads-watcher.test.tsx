import type { DownloadItem } from '@benchside/contracts/helper';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callHelper } from '../../../lib/helper-client.ts';
import { DOWNLOADS_POLL_MS, usePollsDownloadsItself } from '../../../lib/helper-download.ts';
import { helperStatusStore } from '../../../lib/helper-status.ts';
import { helperDownloadsStore, INITIAL_HELPER_DOWNLOADS } from '../stores/helper-downloads.ts';
import { DownloadsWatcher } from './downloads-watcher.tsx';

vi.mock('../../../lib/helper-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/helper-client.ts')>()),
  callHelper: vi.fn(),
}));

const downloading: DownloadItem = {
  hash: 'c'.repeat(40),
  name: 'firmware.zip',
  soft: 'Firmware',
  path: '/downloads',
  size: 1000,
  downloaded: 500,
  progress: 0.5,
  downloadSpeed: 100,
  state: 'downloading',
  position: 1,
  eta: 5,
};

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    await vi.advanceTimersByTimeAsync(0);
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

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('the master layout’s download watcher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    helperStatusStore.set('connected');
    helperDownloadsStore.set(INITIAL_HELPER_DOWNLOADS);
    vi.mocked(callHelper).mockResolvedValue([downloading]);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(callHelper).mockReset();
    helperStatusStore.set('pending');
  });

  it('asks for the list once the helper is found and every 3 s while something downloads', async () => {
    render(<Layout client={newClient()} pageOpen={false} />);
    await advance(0);
    expect(callHelper).toHaveBeenCalledTimes(1);
    await advance(DOWNLOADS_POLL_MS);
    expect(callHelper).toHaveBeenCalledTimes(2);
  });

  it('asks nothing while a page that polls the list itself is open, and takes over when it closes', async () => {
    helperStatusStore.set('pending');
    const client = newClient();
    const { rerender } = render(<Layout client={client} pageOpen />);
    act(() => helperStatusStore.set('connected'));
    await advance(3 * DOWNLOADS_POLL_MS);
    expect(callHelper).not.toHaveBeenCalled();
    rerender(<Layout client={client} pageOpen={false} />);
    await advance(0);
    expect(callHelper).toHaveBeenCalledTimes(1);
  });
});
