import {
  type CreditMovementKind,
  creditMovementKindSchema,
  type LedgerEntry,
  type LedgerFilter,
  ledgerFilterSchema,
} from '@benchside/contracts/credits';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { formatDate, formatDateTime, numberFormat } from '../../../lib/format.ts';
import { importWithTimeout } from '../../../lib/lazy-import.ts';
import { useThemeMode } from '../../../lib/theme-mode.ts';
import { useCards, useProducts } from '../api/cards.ts';
import {
  LEDGER_PAGE_SIZE,
  ledgerExportUrl,
  useBalanceHistory,
  useLedger,
  useRequestRefund,
} from '../api/credit-ledger.ts';
import { CustomerLinkDialog } from '../components/customer-link-dialog.tsx';
import { CardsPagedTable } from '../components/paged-table.tsx';
import { WhereToBuyLink } from '../components/where-to-buy-link.tsx';
import '../credits-page.scss';

// The chart library comes with this page only, in its own chunk.
const BalanceChart = lazy(() =>
  importWithTimeout(() => import('../components/balance-chart.tsx')).then((module) => ({
    default: module.BalanceChart,
  })),
);

const FILTER_NAMES = ['card', 'product', 'kind', 'customer', 'from', 'to'] as const;
const KINDS = creditMovementKindSchema.options;

type FilterName = (typeof FILTER_NAMES)[number];

/**
 * The filters in the address, so a reload, a shared link and the export keep them: what the form
 * shows, and the filter to ask for, null while they are not valid (then nothing is asked).
 */
function filterFromAddress(params: URLSearchParams): {
  values: Partial<Record<FilterName, string>>;
  filter: LedgerFilter | null;
} {
  const values = Object.fromEntries(
    FILTER_NAMES.flatMap((name) => {
      const value = params.get(name);
      return value ? [[name, value]] : [];
    }),
  );
  const parsed = ledgerFilterSchema.safeParse(values);
  return { values, filter: parsed.success ? parsed.data : null };
}

/** One of the list's choices, all of them first. */
function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="col-12 col-sm-6 col-lg">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="form-select"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function pageFromAddress(params: URLSearchParams): number {
  const page = Number(params.get('page') ?? '1');
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** `/cards/credits`: every credit movement with the running balance, filters, export and chart. */
export function CreditsPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { values, filter } = filterFromAddress(params);
  const page = pageFromAddress(params);
  const ledger = useLedger(filter ?? {}, page, filter !== null);
  const history = useBalanceHistory({ from: filter?.from, to: filter?.to }, filter !== null);
  const cards = useCards();
  const products = useProducts();
  const theme = useThemeMode();
  const requestRefund = useRequestRefund();
  const navigate = useNavigate();
  const ids = useId();
  const rangeBackwards = Boolean(values.from && values.to && values.from > values.to);
  const [linking, setLinking] = useState<LedgerEntry | null>(null);
  // The customer filter comes from a customer's page; its rows name the customer.
  const filteredCustomer = values.customer
    ? ledger.data?.member.find((entry) => entry.customer?.id === values.customer)?.customer
    : undefined;

  const setFilter = (name: FilterName, value: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  const setPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('page', String(next));
      return updated;
    });
  const kindLabel = (kind: CreditMovementKind) => t(`credits.kind.${kind}`);
  const number = numberFormat(i18n.language);
  const signed = numberFormat(i18n.language, { signDisplay: 'exceptZero' });

  const openRefund = (entry: LedgerEntry) =>
    requestRefund.mutate(entry.id, {
      onSuccess: (conversationId) => navigate(`/conversations/${conversationId}`),
    });

  return (
    <>
      <PageTitle
        breadcrumbs={[
          { title: t('menu.home'), path: '/' },
          { title: t('menu.cards'), path: '/cards' },
        ]}
      >
        {t('credits.title')}
      </PageTitle>

      <section className="card mb-4" aria-labelledby={`${ids}-balance`}>
        <div className="card-body d-flex flex-wrap align-items-center justify-content-between gap-3">
          <div>
            <h2 id={`${ids}-balance`} className="h6 text-body-secondary mb-1">
              {t('credits.balance')}
            </h2>
            <output className="credits-balance fw-bold" aria-live="polite">
              {ledger.data ? number.format(ledger.data.balance) : '—'}
            </output>
          </div>
          <WhereToBuyLink className="btn btn-outline-primary" />
        </div>
      </section>

      <form
        className="card mb-4"
        aria-label={t('credits.filters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="card-body row g-3 align-items-end">
          <FilterSelect
            id={`${ids}-card`}
            label={t('credits.card')}
            value={values.card}
            onChange={(value) => setFilter('card', value)}
            options={[
              { value: '', label: t('credits.allCards') },
              ...(cards.data?.member ?? []).map((card) => ({ value: card.id, label: card.serial })),
            ]}
          />
          <FilterSelect
            id={`${ids}-product`}
            label={t('credits.product')}
            value={values.product}
            onChange={(value) => setFilter('product', value)}
            options={[
              { value: '', label: t('credits.allProducts') },
              ...(products.data?.member ?? []).map((product) => ({ value: product.id, label: product.name })),
            ]}
          />
          <FilterSelect
            id={`${ids}-kind`}
            label={t('credits.kindLabel')}
            value={values.kind}
            onChange={(value) => setFilter('kind', value)}
            options={[
              { value: '', label: t('credits.allKinds') },
              ...KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) })),
            ]}
          />
          <div className="col-6 col-lg">
            <label className="form-label" htmlFor={`${ids}-from`}>
              {t('credits.from')}
            </label>
            <input
              id={`${ids}-from`}
              type="date"
              className={`form-control${rangeBackwards ? ' is-invalid' : ''}`}
              value={values.from ?? ''}
              max={values.to}
              aria-describedby={rangeBackwards ? `${ids}-range-error` : undefined}
              aria-invalid={rangeBackwards || undefined}
              onChange={(event) => setFilter('from', event.target.value)}
            />
          </div>
          <div className="col-6 col-lg">
            <label className="form-label" htmlFor={`${ids}-to`}>
              {t('credits.to')}
            </label>
            <input
              id={`${ids}-to`}
              type="date"
              className="form-control"
              value={values.to ?? ''}
              min={values.from}
              onChange={(event) => setFilter('to', event.target.value)}
            />
          </div>
          {values.customer ? (
            <div className="col-12">
              <span className="badge text-bg-light fs-6 fw-normal d-inline-flex align-items-center gap-2 text-wrap">
                {filteredCustomer
                  ? t('credits.customerFilter', { name: filteredCustomer.name })
                  : t('credits.oneCustomer')}
                <button
                  type="button"
                  className="btn-close"
                  aria-label={t('credits.clearCustomerFilter')}
                  onClick={() => setFilter('customer', '')}
                />
              </span>
            </div>
          ) : null}
          {filter === null ? (
            <div id={`${ids}-range-error`} className="col-12 invalid-feedback d-block mt-1" role="alert">
              {rangeBackwards ? t('credits.rangeBackwards') : t('credits.filtersInvalid')}
            </div>
          ) : null}
          <div className="col-12 d-flex flex-wrap gap-2 justify-content-end">
            <button
              type="button"
              className="btn btn-light"
              onClick={() => setParams(new URLSearchParams(), { replace: true })}
              disabled={FILTER_NAMES.every((name) => !params.get(name))}
            >
              {t('credits.clearFilters')}
            </button>
            {filter ? (
              <a className="btn btn-primary" href={ledgerExportUrl(filter)} download>
                {t('credits.exportCsv')}
              </a>
            ) : null}
          </div>
        </div>
      </form>

      <section className="card mb-4" aria-labelledby={`${ids}-chart`}>
        <div className="card-header">
          <h2 id={`${ids}-chart`} className="card-title h5 mb-0">
            {t('credits.chartTitle')}
          </h2>
        </div>
        <div className="card-body">
          {history.data && history.data.points.length > 0 ? (
            <figure className="mb-0">
              <Suspense fallback={<Spinner label={t('credits.chartLoading')} className="text-primary" />}>
                <BalanceChart history={history.data} language={i18n.language} theme={theme.mode} />
              </Suspense>
              <figcaption className="small text-body-secondary mt-2">
                {t('credits.chartCaption', {
                  from: formatDate(`${history.data.points[0]?.day}T12:00:00Z`, i18n.language),
                  to: formatDate(`${history.data.points.at(-1)?.day}T12:00:00Z`, i18n.language),
                  balance: number.format(history.data.points.at(-1)?.balance ?? 0),
                })}
              </figcaption>
            </figure>
          ) : (
            <ErrorAlert
              message={
                history.isError
                  ? apiErrorMessage(t, history.error, 'Something went wrong, please try again later.')
                  : null
              }
              className="mb-0"
            />
          )}
        </div>
      </section>

      <CustomerLinkDialog entry={linking} onClose={() => setLinking(null)} />
      <ErrorAlert
        message={
          requestRefund.isError
            ? apiErrorMessage(t, requestRefund.error, 'Something went wrong, please try again later.')
            : null
        }
      />
      <CardsPagedTable
        id="credit-ledger"
        title={t('credits.movements')}
        query={ledger}
        page={page}
        pageSize={LEDGER_PAGE_SIZE}
        onPage={setPage}
        empty={t('credits.empty')}
        columns={[
          {
            header: t('cards.time'),
            cell: (entry) => (
              <time className="text-nowrap" dateTime={entry.createdAt}>
                {formatDateTime(entry.createdAt, i18n.language)}
              </time>
            ),
          },
          { header: t('credits.kindLabel'), cell: (entry) => kindLabel(entry.kind) },
          {
            header: t('credits.operation'),
            cell: (entry) =>
              entry.function ? (
                <>
                  <span className="fw-semibold text-nowrap">{entry.function}</span>
                  {entry.deviceModel ? (
                    <span className="d-block small text-nowrap">{entry.deviceModel}</span>
                  ) : null}
                  {entry.result ? (
                    <span
                      className={`badge ${entry.result === 'failed' ? 'text-bg-danger' : 'text-bg-success'}`}
                    >
                      {t(`credits.result.${entry.result}`)}
                    </span>
                  ) : null}
                  {entry.kind === 'use' ? (
                    <CustomerOfUse entry={entry} onChoose={() => setLinking(entry)} />
                  ) : null}
                </>
              ) : entry.packEndedAt ? (
                <span className="small text-nowrap">
                  {t('credits.packEnded', { date: formatDateTime(entry.packEndedAt, i18n.language) })}
                </span>
              ) : (
                '—'
              ),
          },
          {
            header: t('credits.card'),
            cell: (entry) =>
              entry.card ? (
                <span className="d-block text-nowrap">
                  {entry.card.serial}
                  {entry.credential ? (
                    <span className="d-block small text-body-secondary">{entry.credential.login}</span>
                  ) : null}
                </span>
              ) : (
                '—'
              ),
          },
          {
            header: t('credits.product'),
            cell: (entry) => <span className="text-nowrap">{entry.product?.name ?? '—'}</span>,
          },
          {
            header: t('credits.amount'),
            cell: (entry) => (
              <span className={`fw-semibold ${entry.amount < 0 ? 'text-danger' : 'text-success'}`}>
                {signed.format(entry.amount)}
              </span>
            ),
          },
          { header: t('credits.balanceAfter'), cell: (entry) => number.format(entry.balanceAfter) },
          {
            header: t('credits.refund'),
            cell: (entry) => {
              if (entry.refunded) return <span className="badge text-bg-light">{t('credits.refunded')}</span>;
              if (entry.refundConversationId)
                return (
                  <Link to={`/conversations/${entry.refundConversationId}`}>
                    {t('credits.refundRequested')}
                  </Link>
                );
              if (entry.kind !== 'use' || entry.result !== 'failed') return null;
              return (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger text-nowrap"
                  disabled={requestRefund.isPending}
                  onClick={() => openRefund(entry)}
                >
                  {t('credits.requestRefund')}
                </button>
              );
            },
          },
        ]}
      />
    </>
  );
}

/** Under a use: the customer and device it was for, and the button that sets or changes them. */
function CustomerOfUse({ entry, onChoose }: { entry: LedgerEntry; onChoose: () => void }) {
  const { t } = useTranslation();
  return (
    <span className="d-block small mt-1 ledger-customer">
      {entry.customer ? (
        <>
          <Link to={`/customers/${entry.customer.id}`}>{entry.customer.name}</Link>
          {entry.customerDevice ? <span className="d-block">{entry.customerDevice}</span> : null}
        </>
      ) : null}
      <button type="button" className="btn btn-link btn-sm p-0 text-nowrap" onClick={onChoose}>
        {entry.customer ? t('credits.changeCustomer') : t('credits.forCustomer')}
      </button>
    </span>
  );
}
