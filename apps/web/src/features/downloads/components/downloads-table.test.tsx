import type { DownloadItem } from '@benchside/contracts/helper';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callHelper } from '../../../lib/helper-client.ts';
import { helperStatusStore } from '../../../lib/helper-status.ts';
import { helperDownloadsStore, INITIAL_HELPER_DOWNLOADS } from '../stores/helper-downloads.ts';
import { DownloadsTable } from './downloads-table.tsx';

vi.mock('../../../lib/helper-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/helper-client.ts')>()),
  callHelper: vi.fn(),
}));

const item = (letter: string, position: number, state: DownloadItem['state']): DownloadItem => ({
  hash: letter.repeat(40),
  name: `${letter}.bin`,
  soft: 'Tool',
  path: '/downloads',
  size: 1000,
  downloaded: 0,
  progress: 0,
  downloadSpeed: 0,
  state,
  position,
  eta: null,
});

const QUEUE = [item('a', 1, 'downloading'), item('b', 2, 'queued'), item('c', 3, 'queued')];
const REORDERED = [item('a', 1, 'downloading'), item('c', 2, 'queued'), item('b', 3, 'queued')];

describe('the download queue', () => {
  let helperCalls: { path: string; body: unknown }[];

  beforeEach(() => {
    helperStatusStore.set('connected');
    helperDownloadsStore.set(INITIAL_HELPER_DOWNLOADS);
    helperCalls = [];
    let list = QUEUE;
    vi.mocked(callHelper).mockImplementation(async (path: string, body?: unknown) => {
      helperCalls.push({ path, body });
      if (path === '/downloads/move') list = REORDERED;
      return list;
    });
  });
  afterEach(() => {
    vi.mocked(callHelper).mockReset();
    helperStatusStore.set('pending');
  });

  const names = () =>
    screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

  it('lists downloads in queue order with their place, waiting ones as Queued', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DownloadsTable />
      </QueryClientProvider>,
    );
    await screen.findByRole('button', { name: 'Move a.bin down' });
    expect(names()).toEqual(['a.binTool', 'b.binTool', 'c.binTool']);
    expect(screen.getAllByText('Queued')).toHaveLength(2);
    // Nothing is above the first or below the last.
    const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
    expect(button('Move a.bin up').disabled).toBe(true);
    expect(button('Move c.bin down').disabled).toBe(true);
    expect(button('Move b.bin up').disabled).toBe(false);
  });

  it('moves one up from the keyboard and shows the order the helper answers', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DownloadsTable />
      </QueryClientProvider>,
    );
    const up = await screen.findByRole('button', { name: 'Move c.bin up' });
    up.focus();
    await userEvent.setup().keyboard('{Enter}');

    await expect.poll(names).toEqual(['a.binTool', 'c.binTool', 'b.binTool']);
    expect(helperCalls).toContainEqual({
      path: '/downloads/move',
      body: { hash: 'c'.repeat(40), direction: 'up' },
    });
  });
});
