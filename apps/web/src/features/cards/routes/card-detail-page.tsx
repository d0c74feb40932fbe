import type { Card } from '@benchside/contracts/cards';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';
import { FailureDetails } from '../../../components/ui/failure-details.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { listCards } from '../../../lib/card-readers.ts';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { helperFailureDetails } from '../../../lib/helper-failure.ts';
import { notify } from '../../../lib/notify.ts';
import { activateProduct } from '../api/card-helper.ts';
import {
  issueActivation,
  reportCard,
  useCard,
  useCardDownloads,
  useCardLog,
  useProducts,
  useUnassignCard,
} from '../api/cards.ts';
import { useUserCrds } from '../api/credentials.ts';
import { cardFailure } from '../card-failure.ts';
import { CardStateBadge } from '../components/card-state-badge.tsx';
import { Expiry } from '../components/expiry.tsx';
import { FirmwareUpdate } from '../components/firmware-update.tsx';
import { CardsPagedTable } from '../components/paged-table.tsx';

/** `/cards/:id`: one card with its licences, firmware, credentials, downloads and log. */
export function CardDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const card = useCard(id);
  return (
    <>
      <PageTitle
        breadcrumbs={[
          { title: t('menu.home'), path: '/' },
          { title: t('menu.cards'), path: '/cards' },
        ]}
      >
        {card.data ? t('cards.detail.title', { serial: card.data.serial }) : t('menu.cards')}
      </PageTitle>
      <QueryState
        query={card}
        loadingLabel={t('cards.loading')}
        errorFallback="Something went wrong, please try again later."
      >
        {(data) => <CardDetail card={data} />}
      </QueryState>
    </>
  );
}

function CardDetail({ card }: { card: Card }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // The card's reader, when the card sits in one: activations and updates go through it.
  const inReaders = useQuery({ queryKey: ['helper', 'cards'], queryFn: listCards, retry: false });
  const inReader = inReaders.data?.find((entry) => entry.serial === card.serial) ?? null;
  const products = useProducts();
  const unassign = useUnassignCard();
  const [activating, setActivating] = useState<string | null>(null);
  const [crdPage, setCrdPage] = useState(1);
  const crds = useUserCrds(card.id, crdPage);
  const [downloadPage, setDownloadPage] = useState(1);
  const downloads = useCardDownloads(card.id, downloadPage);
  const [logPage, setLogPage] = useState(1);
  const log = useCardLog(card.id, logPage);

  const activate = async (productId: string, name: string) => {
    if (!inReader) return;
    setActivating(productId);
    try {
      const { productID, activationToken } = await issueActivation(card.id, productId);
      const answer = await activateProduct(inReader.readerName, productID, activationToken);
      await reportCard(card.id, {
        firmwareVersion: answer.firmwareVersion ?? card.firmwareVersion,
        products: answer.products.map((product) => product.id),
      });
      await inReaders.refetch();
      notify(t('cards.detail.activated', { product: name }), 'success');
    } catch (failure) {
      const { message, details } = cardFailure(t, failure);
      notify(message, 'error', details);
    } finally {
      setActivating(null);
    }
  };

  const remove = () =>
    unassign.mutate(card.id, {
      onSuccess: () => {
        notify(t('cards.detail.removed', { serial: card.serial }), 'success');
        navigate('/cards');
      },
      onError: (failure) =>
        notify(apiErrorMessage(t, failure, 'Something went wrong, please try again later.'), 'error'),
    });

  const readerHint = inReaders.isPending
    ? t('cards.detail.lookingForReader')
    : inReaders.isError
      ? t('cards.helperFailed')
      : inReader
        ? t('cards.detail.inReader', { reader: inReader.readerName })
        : t('cards.detail.notInReader');

  return (
    <>
      <section className="card mb-4" aria-labelledby="card-summary-title">
        <div className="card-header d-flex justify-content-between align-items-center flex-wrap gap-2">
          <h2 id="card-summary-title" className="card-title h5 mb-0">
            {card.serial} <CardStateBadge state={card.state} />
          </h2>
          <ConfirmButton
            label={t('cards.detail.remove')}
            title={t('cards.detail.removeTitle', { serial: card.serial })}
            text={t('cards.detail.removeText')}
            confirmLabel={t('cards.detail.remove')}
            busy={unassign.isPending}
            onConfirm={remove}
            size="sm"
          />
        </div>
        <div className="card-body">
          <p className="text-body-secondary" aria-live="polite">
            {readerHint}{' '}
            <button
              type="button"
              className="btn btn-link btn-sm p-0 align-baseline"
              onClick={() => inReaders.refetch()}
            >
              {t('cards.add.refresh')}
            </button>
          </p>
          {inReaders.isError ? <FailureDetails details={helperFailureDetails(inReaders.error)} /> : null}
          <h3 className="h6">{t('cards.firmware')}</h3>
          <p>
            {t('cards.detail.firmwareVersion', { version: card.firmwareVersion })}{' '}
            {card.updateAvailable ? (
              <span className="badge text-bg-warning">{t('cards.updateAvailable')}</span>
            ) : (
              <span className="badge text-bg-success">{t('cards.detail.upToDate')}</span>
            )}
          </p>
          <FirmwareUpdate card={card} readerName={inReader?.readerName ?? null} />
        </div>
      </section>

      <section className="card mb-4" aria-labelledby="card-products-title">
        <div className="card-header">
          <h2 id="card-products-title" className="card-title h5 mb-0">
            {t('cards.products')}
          </h2>
        </div>
        <div className="card-body">
          {card.products.length === 0 ? (
            <p className="text-body-secondary mb-0">{t('cards.detail.noProducts')}</p>
          ) : (
            <ul className="list-group">
              {card.products.map((product) => {
                const description = products.data?.member.find(
                  (entry) => entry.id === product.id,
                )?.description;
                return (
                  <li
                    key={product.id}
                    className="list-group-item d-flex justify-content-between align-items-center gap-2 flex-wrap"
                  >
                    <div>
                      <div className="fw-semibold">{product.name}</div>
                      {description ? <div className="small text-body-secondary">{description}</div> : null}
                      <div className="small">
                        {product.activatedAt ? (
                          <span className="badge text-bg-success">
                            {t('cards.detail.activeSince', {
                              date: formatDateTime(product.activatedAt, i18n.language),
                            })}
                          </span>
                        ) : (
                          <span className="badge text-bg-secondary">{t('cards.detail.notActivated')}</span>
                        )}
                      </div>
                      {product.expiresAt ? (
                        <div className="small mt-1">
                          <Expiry expiresAt={product.expiresAt} />
                        </div>
                      ) : null}
                    </div>
                    {inReader && !product.activatedAt ? (
                      <button
                        type="button"
                        className="btn btn-sm btn-primary"
                        disabled={activating !== null || card.state !== 'active'}
                        onClick={() => activate(product.id, product.name)}
                        aria-label={t('cards.detail.activateProduct', { product: product.name })}
                      >
                        {activating === product.id ? <Spinner small className="me-2" /> : null}
                        {t('cards.detail.activate')}
                      </button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </section>

      <CardsPagedTable
        id="card-credentials"
        title={t('cards.credentials')}
        query={crds}
        page={crdPage}
        onPage={setCrdPage}
        empty={t('cards.detail.noCredentials')}
        columns={[
          {
            header: t('cards.login'),
            cell: (row) => <Link to={`/cards/credentials/${row.id}`}>{row.login}</Link>,
          },
          {
            header: t('cards.lastLogin'),
            cell: (row) => (row.loginAt ? formatDateTime(row.loginAt, i18n.language) : t('cards.never')),
          },
          { header: t('cards.sessions'), cell: (row) => row.activeSessions },
        ]}
      />

      <CardsPagedTable
        id="card-downloads"
        title={t('cards.detail.downloads')}
        query={downloads}
        page={downloadPage}
        onPage={setDownloadPage}
        empty={t('cards.detail.noDownloads')}
        columns={[
          {
            header: t('cards.time'),
            cell: (row) => <time dateTime={row.date}>{formatDateTime(row.date, i18n.language)}</time>,
          },
          { header: t('cards.detail.file'), cell: (row) => row.name },
          { header: t('cards.detail.version'), cell: (row) => row.version },
          { header: t('cards.detail.size'), cell: (row) => formatBytes(row.size, i18n.language) },
        ]}
      />

      <CardsPagedTable
        id="card-log"
        title={t('cards.detail.log')}
        query={log}
        page={logPage}
        onPage={setLogPage}
        empty={t('cards.detail.noLog')}
        columns={[
          {
            header: t('cards.time'),
            cell: (row) => <time dateTime={row.at}>{formatDateTime(row.at, i18n.language)}</time>,
          },
          { header: t('cards.event'), cell: (row) => t(`cards.cardEvent.${row.event}`) },
          { header: t('cards.detail.detail'), cell: (row) => row.detail },
        ]}
      />
    </>
  );
}
