import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { OPERATIONS_PAGE_SIZE, useCustomerOperations } from '../api/customers.ts';
import { CUSTOMER_CALL_FAILED } from '../messages.ts';

/**
 * The credits ledger's operations done for one customer's devices, a page at a time, and the way
 * to the whole ledger filtered to the customer.
 */
export function CustomerOperations({ customerId }: { customerId: string }) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const [page, setPage] = useState(1);
  const operations = useCustomerOperations(customerId, page);
  const number = new Intl.NumberFormat(i18n.language);
  const ledgerLink = `/cards/credits?customer=${encodeURIComponent(customerId)}`;
  const title = t('customers.operations.title');
  return (
    <section className="card mb-4" aria-labelledby={`${ids}-title`}>
      <div className="card-header customers-toolbar">
        <h2 id={`${ids}-title`} className="card-title h5 mb-0 me-auto">
          {title}
        </h2>
        <Link className="btn btn-sm btn-light" to={ledgerLink}>
          {t('customers.operations.openLedger')}
        </Link>
      </div>
      <div className="card-body">
        <QueryState
          query={operations}
          loadingLabel={t('customers.operations.loading')}
          errorFallback={CUSTOMER_CALL_FAILED}
          isEmpty={(data) => data.totalItems === 0}
          empty={<p className="text-body-secondary mb-0">{t('customers.operations.empty')}</p>}
          pager={{
            page,
            pageSize: OPERATIONS_PAGE_SIZE,
            label: t('customers.operations.pages'),
            summaryKey: 'customers.operations.pageOf',
            onPage: setPage,
          }}
        >
          {(data) => (
            <div className="table-responsive">
              <table className="table align-middle mb-3" aria-labelledby={`${ids}-title`}>
                <thead>
                  <tr>
                    <th scope="col">{t('customers.operations.date')}</th>
                    <th scope="col">{t('customers.operations.product')}</th>
                    <th scope="col">{t('customers.operations.function')}</th>
                    <th scope="col">{t('customers.operations.device')}</th>
                    <th scope="col">{t('customers.operations.credits')}</th>
                    <th scope="col">{t('customers.operations.result')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.member.map((entry) => (
                    <tr key={entry.id}>
                      <td>
                        {/* The ledger on the operation's day (UTC, as its filters read days), for this customer. */}
                        <Link
                          className="text-nowrap"
                          to={`${ledgerLink}&from=${entry.createdAt.slice(0, 10)}&to=${entry.createdAt.slice(0, 10)}`}
                        >
                          <time dateTime={entry.createdAt}>
                            {formatDateTime(entry.createdAt, i18n.language)}
                          </time>
                        </Link>
                      </td>
                      <td className="text-nowrap">{entry.product?.name ?? '—'}</td>
                      <td className="text-nowrap">{entry.function ?? '—'}</td>
                      <td className="customer-operation-device">
                        {entry.customerDevice ?? '—'}
                        {entry.deviceModel ? (
                          <span className="d-block small text-body-secondary">{entry.deviceModel}</span>
                        ) : null}
                      </td>
                      <td>{number.format(-entry.amount)}</td>
                      <td>
                        {entry.result ? (
                          <span
                            className={`badge ${entry.result === 'failed' ? 'text-bg-danger' : 'text-bg-success'}`}
                          >
                            {t(`credits.result.${entry.result}`)}
                          </span>
                        ) : (
                          '—'
                        )}
                      </td>
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
