import type { CustomerBody, CustomerStatus } from '@benchside/contracts/customers';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { IconSearch, IconUsers } from '../../../components/ui/icons.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import {
  CUSTOMERS_PAGE_SIZE,
  useCreateCustomer,
  useCustomers,
  useDeleteCustomers,
  useSetCustomersStatus,
} from '../api/customers.ts';
import { CustomerFormDialog } from '../components/customer-form-dialog.tsx';
import { CustomerStatusBadge } from '../components/customer-status-badge.tsx';
import { CUSTOMER_CALL_FAILED, CUSTOMER_MESSAGES } from '../messages.ts';
import '../customers.scss';

const SEARCH_DELAY_MS = 300;

/** `/customers`: the technician's customer book, searched, paged, changed one or a page at a time. */
export function CustomersPage() {
  const { t, i18n } = useTranslation();
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DELAY_MS);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const customers = useCustomers(page, search);
  const create = useCreateCustomer();
  const setStatus = useSetCustomersStatus();
  const remove = useDeleteCustomers();
  const busy = setStatus.isPending || remove.isPending;

  const members = customers.data?.member ?? [];
  const totalItems = customers.data?.totalItems ?? 0;
  const pageCount = Math.max(1, Math.ceil(totalItems / CUSTOMERS_PAGE_SIZE));
  const selectedOnPage = members.filter((customer) => selected.has(customer.id));
  const allSelected = members.length > 0 && selectedOnPage.length === members.length;

  // A page that no longer exists after a delete: go back to the last one.
  useEffect(() => {
    if (customers.data && page > pageCount) setPage(pageCount);
  }, [customers.data, page, pageCount]);

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected(allSelected ? new Set() : new Set(members.map((customer) => customer.id)));
  const goTo = (next: number) => {
    setSelected(new Set());
    setPage(next);
  };

  const fail = (error: unknown) => notify(apiErrorMessage(t, error, CUSTOMER_CALL_FAILED), 'error');
  const ids = selectedOnPage.map((customer) => customer.id);
  const changeStatus = (status: CustomerStatus) =>
    setStatus.mutate(
      { ids, status },
      {
        onSuccess: () => {
          setSelected(new Set());
          notify(translateMessage(t, CUSTOMER_MESSAGES.statusUpdated), 'success');
        },
        onError: fail,
      },
    );
  const deleteSelected = () =>
    remove.mutate(ids, {
      onSuccess: () => {
        setSelected(new Set());
        notify(translateMessage(t, CUSTOMER_MESSAGES.selectedDeleted), 'success');
      },
      onError: fail,
    });
  const saveNew = async (body: CustomerBody) => {
    await create.mutateAsync(body);
    setCreating(false);
    notify(translateMessage(t, CUSTOMER_MESSAGES.created), 'success');
  };

  const bookIsEmpty = search === '' && totalItems === 0;

  return (
    <>
      <PageTitle breadcrumbs={[{ title: t('menu.home'), path: '/' }]}>{t('menu.customers')}</PageTitle>
      <CustomerFormDialog show={creating} onSave={saveNew} onClose={() => setCreating(false)} />
      <QueryState
        query={customers}
        loadingLabel={t('customers.loading')}
        errorFallback={CUSTOMER_CALL_FAILED}
        isEmpty={() => bookIsEmpty}
        empty={
          <EmptyState
            icon={<IconUsers size={32} />}
            title={t('customers.emptyTitle')}
            text={t('customers.emptyText')}
            action={
              <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
                {t('customers.addFirst')}
              </button>
            }
          />
        }
        pager={{
          page,
          pageSize: CUSTOMERS_PAGE_SIZE,
          label: t('customers.pages'),
          summaryKey: 'customers.pageOf',
          showOnSinglePage: true,
          className: 'mt-3',
          onPage: goTo,
        }}
      >
        {() => (
          <section className="card customers-card" aria-labelledby="customers-list-title">
            <div className="card-header customers-toolbar">
              <h2 id="customers-list-title" className="visually-hidden">
                {t('menu.customers')}
              </h2>
              <search className="customers-search">
                <label htmlFor="customers-search" className="visually-hidden">
                  {t('customers.search')}
                </label>
                <IconSearch size={18} className="customers-search-icon" />
                <input
                  id="customers-search"
                  type="search"
                  className="form-control"
                  placeholder={t('customers.searchPlaceholder')}
                  maxLength={100}
                  value={searchInput}
                  onChange={(event) => {
                    // A new search starts on its first page, with nothing selected.
                    setSearchInput(event.target.value);
                    goTo(1);
                  }}
                />
              </search>
              <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
                {t('customers.new')}
              </button>
            </div>
            {selectedOnPage.length > 0 ? (
              <fieldset className="customers-bulk-bar" aria-label={t('customers.bulkActions')}>
                <span className="fw-semibold me-auto">
                  {t('customers.selected', { count: selectedOnPage.length })}
                </span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary"
                  disabled={busy}
                  onClick={() => changeStatus('active')}
                >
                  {t('customers.setActive')}
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary"
                  disabled={busy}
                  onClick={() => changeStatus('suspended')}
                >
                  {t('customers.setSuspended')}
                </button>
                <ConfirmButton
                  label={t('customers.deleteSelected')}
                  title={t('customers.deleteSelectedTitle')}
                  text={translateMessage(t, CUSTOMER_MESSAGES.confirmDeleteSelected)}
                  confirmLabel={t('customers.delete')}
                  onConfirm={deleteSelected}
                  busy={busy}
                  size="sm"
                />
              </fieldset>
            ) : null}
            <div className="card-body">
              {members.length === 0 ? (
                <p className="text-body-secondary mb-0">{t('customers.noMatch', { search })}</p>
              ) : (
                <div className="table-responsive">
                  <table
                    className="table align-middle mb-0 customers-table"
                    aria-labelledby="customers-list-title"
                    aria-busy={customers.isFetching || undefined}
                  >
                    <thead>
                      <tr>
                        <th scope="col" className="customers-check">
                          <input
                            type="checkbox"
                            className="form-check-input"
                            checked={allSelected}
                            onChange={toggleAll}
                            aria-label={t('customers.selectAll')}
                          />
                        </th>
                        <th scope="col">{t('customers.field.name')}</th>
                        <th scope="col" className="d-none d-md-table-cell">
                          {t('customers.field.type')}
                        </th>
                        <th scope="col" className="d-none d-sm-table-cell">
                          {t('customers.contact')}
                        </th>
                        <th scope="col">{t('customers.field.status')}</th>
                        <th scope="col" className="d-none d-lg-table-cell">
                          {t('customers.created')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {members.map((customer) => (
                        <tr
                          key={customer.id}
                          className={selected.has(customer.id) ? 'table-active' : undefined}
                        >
                          <td className="customers-check">
                            <input
                              type="checkbox"
                              className="form-check-input"
                              checked={selected.has(customer.id)}
                              onChange={() => toggle(customer.id)}
                              aria-label={t('customers.select', { name: customer.name })}
                            />
                          </td>
                          <td className="customers-name">
                            <Link to={`/customers/${customer.id}`} className="fw-semibold">
                              {customer.name}
                            </Link>
                            {customer.company ? (
                              <div className="small text-body-secondary text-truncate">
                                {customer.company}
                              </div>
                            ) : null}
                          </td>
                          <td className="d-none d-md-table-cell">{t(`customers.type.${customer.type}`)}</td>
                          <td className="d-none d-sm-table-cell small customers-contact">
                            {customer.email ? <div className="text-truncate">{customer.email}</div> : null}
                            {customer.phone ? (
                              <div className="text-body-secondary">{customer.phone}</div>
                            ) : null}
                          </td>
                          <td>
                            <CustomerStatusBadge status={customer.status} />
                          </td>
                          <td className="d-none d-lg-table-cell small text-body-secondary">
                            <time dateTime={customer.createdAt}>
                              {formatDate(customer.createdAt, i18n.language)}
                            </time>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </div>
          </section>
        )}
      </QueryState>
    </>
  );
}
