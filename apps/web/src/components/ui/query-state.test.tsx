import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QueryState } from './query-state.tsx';

interface Page {
  member: string[];
  totalItems: number;
}

function List({ load, enabled = true }: { load: () => Promise<Page>; enabled?: boolean }) {
  const query = useQuery({ queryKey: ['list'], queryFn: load, enabled, retry: false });
  return (
    <QueryState
      query={query}
      loadingLabel="Loading…"
      errorFallback="The list could not be loaded."
      isEmpty={(data) => data.totalItems === 0}
      empty={<p>Nothing here</p>}
      pager={{
        page: 1,
        pageSize: 2,
        label: 'List pages',
        summaryKey: 'conversations.pageOf',
        onPage: () => {},
      }}
    >
      {(data) => (
        <ul>
          {data.member.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function renderList(load: () => Promise<Page>, enabled?: boolean) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <List load={load} enabled={enabled} />
    </QueryClientProvider>,
  );
}

describe('QueryState', () => {
  it('shows a labelled spinner until the first answer', () => {
    renderList(() => new Promise<Page>(() => {}));
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
  });

  it('shows nothing for a query that waits for its input', () => {
    renderList(() => Promise.resolve({ member: [], totalItems: 0 }), false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the fallback sentence when the call fails without a message', async () => {
    renderList(() => Promise.reject(new Error('offline')));
    expect((await screen.findByRole('alert')).textContent).toBe('The list could not be loaded.');
  });

  it('shows the empty state instead of the content and pager', async () => {
    renderList(() => Promise.resolve({ member: [], totalItems: 0 }));
    expect(await screen.findByText('Nothing here')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the content followed by its pager', async () => {
    renderList(() => Promise.resolve({ member: ['one', 'two'], totalItems: 3 }));
    expect(await screen.findByText('one')).toBeTruthy();
    expect(screen.getByText('two')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'List pages' }).textContent).toContain('Page 1 of 2');
  });
});
