import {
  customerDeviceSchema,
  type LedgerEntry,
  MAX_CUSTOMER_DEVICE_LENGTH,
} from '@benchside/contracts/credits';
import { MAX_CUSTOMER_SEARCH_LENGTH } from '@benchside/contracts/customers';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useCustomerChoices, useLinkCustomer, useUnlinkCustomer } from '../api/credit-ledger.ts';

const FAILED = 'Something went wrong, please try again later.';

/**
 * "For customer…": which of the technician's own customers, and which of their devices, a ledger
 * use was for. The customer is picked from a search of the book; the device is free text. A linked
 * use can be moved to another customer or cleared.
 */
export function CustomerLinkDialog({ entry, onClose }: { entry: LedgerEntry | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(null);
  const [device, setDevice] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const deferredSearch = useDeferredValue(search.trim());
  const choices = useCustomerChoices(deferredSearch, entry !== null);
  const link = useLinkCustomer();
  const unlink = useUnlinkCustomer();
  const busy = link.isPending || unlink.isPending;
  const deviceCheck = customerDeviceSchema.safeParse(device);
  const deviceError = deviceCheck.success ? null : (deviceCheck.error.issues[0]?.message ?? null);

  // The chosen customer stays offered while a search that leaves it out is shown.
  const offered = [
    ...(chosen && !choices.data?.member.some((customer) => customer.id === chosen.id)
      ? [{ ...chosen, company: '' }]
      : []),
    ...(choices.data?.member ?? []),
  ];

  const save = () => {
    if (!entry || !chosen || !deviceCheck.success) return;
    setFailure(null);
    link.mutate(
      { entryId: entry.id, body: { customerId: chosen.id, device: deviceCheck.data } },
      {
        onSuccess: () => {
          notify(t('credits.customerLink.saved', { name: chosen.name }), 'success');
          onClose();
        },
        onError: (error) => setFailure(apiErrorMessage(t, error, FAILED)),
      },
    );
  };
  const clear = () => {
    if (!entry) return;
    setFailure(null);
    unlink.mutate(entry.id, {
      onSuccess: () => {
        notify(t('credits.customerLink.cleared'), 'success');
        onClose();
      },
      onError: (error) => setFailure(apiErrorMessage(t, error, FAILED)),
    });
  };

  return (
    <Modal
      show={entry !== null}
      onHide={onClose}
      onEnter={() => {
        setSearch('');
        setChosen(entry?.customer ?? null);
        setDevice(entry?.customerDevice ?? '');
        setFailure(null);
      }}
      centered
      aria-labelledby={`${ids}-title`}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Modal.Header closeButton closeLabel={t('dialog.cancel')}>
          <Modal.Title id={`${ids}-title`} as="h2" className="h5">
            {t('credits.customerLink.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {entry ? (
            <p className="text-body-secondary small">
              {[entry.function, entry.deviceModel, formatDateTime(entry.createdAt, i18n.language)]
                .filter(Boolean)
                .join(' · ')}
            </p>
          ) : null}
          <ErrorAlert message={failure} />
          <div className="mb-3">
            <label className="form-label" htmlFor={`${ids}-search`}>
              {t('credits.customerLink.search')}
            </label>
            <input
              id={`${ids}-search`}
              type="search"
              className="form-control"
              autoComplete="off"
              maxLength={MAX_CUSTOMER_SEARCH_LENGTH}
              placeholder={t('customers.searchPlaceholder')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <fieldset className="mb-3" aria-busy={choices.isFetching || undefined}>
            <legend className="form-label fs-6 mb-1">{t('credits.customerLink.customer')}</legend>
            {choices.isPending && choices.fetchStatus !== 'idle' ? (
              <Spinner small label={t('customers.loading')} className="text-primary" />
            ) : null}
            <ErrorAlert message={choices.isError ? apiErrorMessage(t, choices.error, FAILED) : null} />
            {choices.data && offered.length === 0 ? (
              <p className="text-body-secondary small mb-0">
                {deferredSearch
                  ? t('customers.noMatch', { search: deferredSearch })
                  : t('customers.emptyTitle')}
              </p>
            ) : null}
            <div className="customer-link-choices">
              {offered.map((customer) => (
                <div key={customer.id} className="form-check">
                  <input
                    id={`${ids}-customer-${customer.id}`}
                    type="radio"
                    name={`${ids}-customer`}
                    className="form-check-input"
                    checked={chosen?.id === customer.id}
                    onChange={() => setChosen({ id: customer.id, name: customer.name })}
                  />
                  <label className="form-check-label" htmlFor={`${ids}-customer-${customer.id}`}>
                    {customer.name}
                    {customer.company ? (
                      <span className="text-body-secondary small"> · {customer.company}</span>
                    ) : null}
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
          <div>
            <label className="form-label" htmlFor={`${ids}-device`}>
              {t('credits.customerLink.device')}
            </label>
            <input
              id={`${ids}-device`}
              type="text"
              className={`form-control${deviceError ? ' is-invalid' : ''}`}
              autoComplete="off"
              maxLength={MAX_CUSTOMER_DEVICE_LENGTH}
              value={device}
              aria-describedby={`${ids}-device-hint${deviceError ? ` ${ids}-device-error` : ''}`}
              aria-invalid={deviceError ? true : undefined}
              onChange={(event) => setDevice(event.target.value)}
            />
            {deviceError ? (
              <div id={`${ids}-device-error`} className="invalid-feedback">
                {translateMessage(t, deviceError)}
              </div>
            ) : null}
            <div id={`${ids}-device-hint`} className="form-text">
              {t('credits.customerLink.deviceHint')}
            </div>
          </div>
        </Modal.Body>
        <Modal.Footer className="flex-wrap">
          {entry?.customer ? (
            <button type="button" className="btn btn-outline-danger me-auto" disabled={busy} onClick={clear}>
              {t('credits.customerLink.clear')}
            </button>
          ) : null}
          <button type="button" className="btn btn-light" onClick={onClose}>
            {t('dialog.cancel')}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || !chosen || deviceError !== null}
          >
            {busy ? <Spinner small /> : null} {t('credits.customerLink.save')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
