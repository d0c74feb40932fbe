import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagedTable } from '../../../components/ui/paged-table.tsx';
import { formatDateTime, numberFormat } from '../../../lib/format.ts';
import { OPERATIONS_PAGE_SIZE, useCustomerOperations } from '../api/customers.ts';

/**
 * The credits ledger's operations done for one customer's devices, a page at a time, and the way
 * to the whole ledger filtered to the customer.
 */
export function CustomerOperations({ customerId }: { customerId: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const operations = useCustomerOperations(customerId, page);
  const number = numberFormat(i18n.language);
  const ledgerLink = `/cards/credits?customer=${encodeURIComponent(customerId)}`;
  return (
    <PagedTable
      id="customer-operations"
      title={t('customers.operations.title')}
      query={operations}
      page={page}
      onPage={setPage}
      pageSize={OPERATIONS_PAGE_SIZE}
      loadingLabel={t('customers.operations.loading')}
      pagerLabel={t('customers.operations.pages')}
      summaryKey="customers.operations.pageOf"
      empty={t('customers.operations.empty')}
      actions={
        <Link className="btn btn-sm btn-light" to={ledgerLink}>
          {t('customers.operations.openLedger')}
        </Link>
      }
      columns={[
        {
          header: t('customers.operations.date'),
          // The ledger on the operation's day (UTC, as its filters read days), for this customer.
          cell: (entry) => {
            const day = entry.createdAt.slice(0, 10);
            return (
              <Link className="text-nowrap" to={`${ledgerLink}&from=${day}&to=${day}`}>
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, i18n.language)}</time>
              </Link>
            );
          },
        },
        {
          header: t('customers.operations.product'),
          cell: (entry) => <span className="text-nowrap">{entry.product?.name ?? '—'}</span>,
        },
        {
          header: t('customers.operations.function'),
          cell: (entry) => <span className="text-nowrap">{entry.function ?? '—'}</span>,
        },
        {
          header: t('customers.operations.device'),
          cell: (entry) => (
            <span className="d-block customer-operation-device">
              {entry.customerDevice ?? '—'}
              {entry.deviceModel ? (
                <span className="d-block small text-body-secondary">{entry.deviceModel}</span>
              ) : null}
            </span>
          ),
        },
        { header: t('customers.operations.credits'), cell: (entry) => number.format(-entry.amount) },
        {
          header: t('customers.operations.result'),
          cell: (entry) =>
            entry.result ? (
              <span className={`badge ${entry.result === 'failed' ? 'text-bg-danger' : 'text-bg-success'}`}>
                {t(`credits.result.${entry.result}`)}
              </span>
            ) : (
              '—'
            ),
        },
      ]}
    />
  );
}
