import {
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  type Customer,
  type CustomerBody,
  customerBodySchema,
} from '@benchside/contracts/customers';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { TextField } from '../../../components/forms/text-field.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';

type CustomerFormValues = z.input<typeof customerBodySchema>;

const NEW_CUSTOMER: CustomerFormValues = {
  name: '',
  type: 'individual',
  company: '',
  email: '',
  phone: '',
  status: 'active',
  notes: '',
};

function valuesOf(customer: Customer | undefined): CustomerFormValues {
  if (!customer) return NEW_CUSTOMER;
  const { name, type, company, email, phone, status, notes } = customer;
  return { name, type, company, email, phone, status, notes };
}

/**
 * Create or edit a customer in a dialog. `onSave` sends the form and resolves once it is stored;
 * a failure stays in the dialog with the server's message.
 */
export function CustomerFormDialog({
  show,
  customer,
  onSave,
  onClose,
}: {
  show: boolean;
  /** The customer being edited; none to create one. */
  customer?: Customer;
  onSave: (body: CustomerBody) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CustomerFormValues, unknown, CustomerBody>({
    resolver: zodResolver(customerBodySchema),
    mode: 'onTouched',
    defaultValues: valuesOf(customer),
  });
  const isBusiness = watch('type') === 'business';
  const titleId = customer ? 'customer-edit-title' : 'customer-new-title';

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      // An individual has no company, whatever the field held before the type changed.
      await onSave(values.type === 'business' ? values : { ...values, company: '' });
    } catch (error) {
      setFailure(apiErrorMessage(t, error, 'Something went wrong, please try again later.'));
    }
  });

  return (
    <Modal
      show={show}
      onHide={onClose}
      onEnter={() => {
        reset(valuesOf(customer));
        setFailure(null);
      }}
      centered
      aria-labelledby={titleId}
    >
      <form onSubmit={onSubmit} noValidate>
        <Modal.Header closeButton closeLabel={t('dialog.cancel')}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {customer ? t('customers.edit', { name: customer.name }) : t('customers.new')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <ErrorAlert message={failure} />
          <TextField
            id="customer-name"
            label={t('customers.field.name')}
            autoComplete="off"
            maxLength={100}
            registration={register('name')}
            error={errors.name?.message}
          />
          <fieldset className="mb-3">
            <legend className="form-label fs-6 mb-1">{t('customers.field.type')}</legend>
            {CUSTOMER_TYPES.map((type) => (
              <div key={type} className="form-check form-check-inline">
                <input
                  id={`customer-type-${type}`}
                  type="radio"
                  className="form-check-input"
                  value={type}
                  {...register('type')}
                />
                <label className="form-check-label" htmlFor={`customer-type-${type}`}>
                  {t(`customers.type.${type}`)}
                </label>
              </div>
            ))}
          </fieldset>
          {isBusiness ? (
            <TextField
              id="customer-company"
              label={t('customers.field.company')}
              autoComplete="off"
              maxLength={100}
              registration={register('company')}
              error={errors.company?.message}
            />
          ) : null}
          <TextField
            id="customer-email"
            label={t('customers.field.email')}
            type="email"
            autoComplete="off"
            maxLength={50}
            registration={register('email')}
            error={errors.email?.message}
          />
          <TextField
            id="customer-phone"
            label={t('customers.field.phone')}
            type="tel"
            autoComplete="off"
            maxLength={30}
            registration={register('phone')}
            error={errors.phone?.message}
          />
          <div className="mb-3">
            <label htmlFor="customer-status" className="form-label">
              {t('customers.field.status')}
            </label>
            <select id="customer-status" className="form-select" {...register('status')}>
              {CUSTOMER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`customers.status.${status}`)}
                </option>
              ))}
            </select>
          </div>
          <TextField
            id="customer-notes"
            label={t('customers.field.notes')}
            rows={3}
            maxLength={2000}
            className=""
            registration={register('notes')}
            error={errors.notes?.message}
          />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('dialog.cancel')}
          </button>
          <SubmitButton label={customer ? t('customers.save') : t('customers.create')} busy={isSubmitting} />
        </Modal.Footer>
      </form>
    </Modal>
  );
}
