import type { Customer, CustomerBody } from '@benchside/contracts/customers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useCustomer, useDeleteCustomer, useUpdateCustomer } from '../api/customers.ts';
import { CustomerFormDialog } from '../components/customer-form-dialog.tsx';
import { CustomerOperations } from '../components/customer-operations.tsx';
import { CustomerStatusBadge } from '../components/customer-status-badge.tsx';
import { CUSTOMER_CALL_FAILED, CUSTOMER_MESSAGES } from '../messages.ts';
import '../customers.scss';

/**
 * `/customers/:id`: one customer, as a column of sections: the details, then the credits ledger's
 * operations done for the customer's devices.
 */
export function CustomerPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const customer = useCustomer(id);
  return (
    <>
      <PageTitle
        breadcrumbs={[
          { title: t('menu.home'), path: '/' },
          { title: t('menu.customers'), path: '/customers' },
        ]}
      >
        {customer.data?.name ?? t('menu.customers')}
      </PageTitle>
      <QueryState query={customer} loadingLabel={t('customers.loading')} errorFallback={CUSTOMER_CALL_FAILED}>
        {(data) => (
          <>
            <CustomerDetails customer={data} />
            <CustomerOperations customerId={data.id} />
          </>
        )}
      </QueryState>
    </>
  );
}

function CustomerDetails({ customer }: { customer: Customer }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const update = useUpdateCustomer(customer.id);
  const remove = useDeleteCustomer(customer.id);
  const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, i18n.language)}</time>;

  const save = async (body: CustomerBody) => {
    await update.mutateAsync(body);
    setEditing(false);
    notify(translateMessage(t, CUSTOMER_MESSAGES.updated), 'success');
  };
  const deleteCustomer = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        notify(translateMessage(t, CUSTOMER_MESSAGES.deleted), 'success');
        navigate('/customers', { replace: true });
      },
      onError: (error) => notify(apiErrorMessage(t, error, CUSTOMER_CALL_FAILED), 'error'),
    });

  return (
    <section className="card mb-4" aria-labelledby="customer-details-title">
      <CustomerFormDialog
        show={editing}
        customer={customer}
        onSave={save}
        onClose={() => setEditing(false)}
      />
      <div className="card-header customers-toolbar">
        <h2 id="customer-details-title" className="card-title h5 mb-0 me-auto">
          {t('customers.details')} <CustomerStatusBadge status={customer.status} />
        </h2>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={remove.isPending}
          onClick={() => setEditing(true)}
        >
          {t('customers.editButton')}
        </button>
        <ConfirmButton
          label={t('customers.delete')}
          title={t('customers.deleteTitle')}
          text={translateMessage(t, CUSTOMER_MESSAGES.confirmDeleteOne)}
          confirmLabel={t('customers.delete')}
          onConfirm={deleteCustomer}
          busy={remove.isPending}
          size="sm"
        />
      </div>
      <div className="card-body">
        {remove.isPending ? (
          <p role="status" className="d-flex align-items-center gap-2 text-danger">
            <Spinner small />
            {translateMessage(t, CUSTOMER_MESSAGES.deleting)}
          </p>
        ) : null}
        <dl className="row mb-0 customer-details">
          <dt className="col-sm-3">{t('customers.field.type')}</dt>
          <dd className="col-sm-9">{t(`customers.type.${customer.type}`)}</dd>
          {customer.type === 'business' ? (
            <>
              <dt className="col-sm-3">{t('customers.field.company')}</dt>
              <dd className="col-sm-9">{customer.company}</dd>
            </>
          ) : null}
          <dt className="col-sm-3">{t('customers.field.email')}</dt>
          <dd className="col-sm-9">
            {customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : '—'}
          </dd>
          <dt className="col-sm-3">{t('customers.field.phone')}</dt>
          <dd className="col-sm-9">
            {customer.phone ? (
              <a href={`tel:${customer.phone.replace(/[^+\d]/g, '')}`}>{customer.phone}</a>
            ) : (
              '—'
            )}
          </dd>
          <dt className="col-sm-3">{t('customers.field.notes')}</dt>
          <dd className="col-sm-9 customer-notes">{customer.notes || '—'}</dd>
          <dt className="col-sm-3">{t('customers.created')}</dt>
          <dd className="col-sm-9">{when(customer.createdAt)}</dd>
          <dt className="col-sm-3">{t('customers.updated')}</dt>
          <dd className="col-sm-9 mb-0">{when(customer.updatedAt)}</dd>
        </dl>
      </div>
    </section>
  );
}
