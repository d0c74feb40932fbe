import type { Collection } from '@benchside/contracts/common';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryState } from './query-state.tsx';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

export interface PagedTableProps<Row> {
  id: string;
  title: string;
  query: UseQueryResult<Collection<Row>>;
  columns: Column<Row>[];
  empty: string;
  page: number;
  onPage: (page: number) => void;
  actions?: ReactNode;
  pageSize: number;
  loadingLabel: string;
  /** The pager's accessible name. */
  pagerLabel: string;
  /** Translation of the pager's "page x of y (n items)" line. */
  summaryKey: string;
}

/** A titled, paged table in a card, with its loading, error and empty states. */
export function PagedTable<Row extends { id: string }>({
  id,
  title,
  query,
  columns,
  empty,
  page,
  onPage,
  actions,
  pageSize,
  loadingLabel,
  pagerLabel,
  summaryKey,
}: PagedTableProps<Row>) {
  return (
    <section className="card mb-4" aria-labelledby={`${id}-title`}>
      <div className="card-header d-flex align-items-center justify-content-between gap-2 flex-wrap">
        <h2 id={`${id}-title`} className="card-title h5 mb-0">
          {title}
        </h2>
        {actions}
      </div>
      <div className="card-body">
        <QueryState
          query={query}
          loadingLabel={loadingLabel}
          errorFallback="Something went wrong, please try again later."
          errorClassName="mb-0"
          isEmpty={(data) => data.totalItems === 0}
          empty={<p className="text-body-secondary mb-0">{empty}</p>}
          pager={{
            page,
            pageSize,
            label: pagerLabel,
            summaryKey,
            onPage,
          }}
        >
          {(data) => (
            <div className="table-responsive">
              <table
                className="table align-middle mb-3"
                aria-labelledby={`${id}-title`}
                aria-busy={query.isFetching || undefined}
              >
                <thead>
                  <tr>
                    {columns.map((column) => (
                      <th key={column.header} scope="col">
                        {column.header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.member.map((row) => (
                    <tr key={row.id}>
                      {columns.map((column) => (
                        <td key={column.header}>{column.cell(row)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryState>
      </div>
    </section>
  );
}
