import type { Collection } from '@benchside/contracts/common';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { PAGE_SIZE } from '../api/cards.ts';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/** A titled, paged table with its loading, error and empty states. */
export function PagedTable<Row extends { id: string }>({
  id,
  title,
  query,
  columns,
  empty,
  page,
  onPage,
  actions,
}: {
  id: string;
  title: string;
  query: UseQueryResult<Collection<Row>>;
  columns: Column<Row>[];
  empty: string;
  page: number;
  onPage: (page: number) => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const total = query.data?.totalItems ?? 0;
  return (
    <section className="card mb-4" aria-labelledby={`${id}-title`}>
      <div className="card-header d-flex align-items-center justify-content-between gap-2 flex-wrap">
        <h2 id={`${id}-title`} className="card-title h5 mb-0">
          {title}
        </h2>
        {actions}
      </div>
      <div className="card-body">
        <ErrorAlert
          message={
            query.isError
              ? apiErrorMessage(t, query.error, 'Something went wrong, please try again later.')
              : null
          }
          className="mb-0"
        />
        {query.isPending ? <Spinner label={t('cards.loading')} className="text-primary" /> : null}
        {query.data && total === 0 ? <p className="text-body-secondary mb-0">{empty}</p> : null}
        {query.data && total > 0 ? (
          <>
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
                  {query.data.member.map((row) => (
                    <tr key={row.id}>
                      {columns.map((column) => (
                        <td key={column.header}>{column.cell(row)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              totalItems={total}
              label={t('cards.pages', { title })}
              summaryKey="cards.pageOf"
              onPage={onPage}
            />
          </>
        ) : null}
      </div>
    </section>
  );
}
