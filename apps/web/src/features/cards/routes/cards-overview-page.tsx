import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { SignedOutLinkNotice } from '../../../components/signed-out-link-notice.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { IconCard } from '../../../components/ui/icons.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate, formatDateTime, numberFormat } from '../../../lib/format.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { useFirstAnswers } from '../../../lib/use-first-answers.ts';
import { assignedLogsQueryOptions, cardsQueryOptions, useAssignedLogs, useCards } from '../api/cards.ts';
import { recentCrdLogsQueryOptions, useRecentCrdLogs } from '../api/credentials.ts';
import { creditsQueryOptions, useCredits } from '../api/tokens.ts';
import { CardStateBadge } from '../components/card-state-badge.tsx';
import { Expiry, LicenceExpiry } from '../components/expiry.tsx';
import { CardsPagedTable } from '../components/paged-table.tsx';
import { WhereToBuyLink } from '../components/where-to-buy-link.tsx';

/** The overview's four reads, each at its first page: what the page asks for when it first renders. */
export function startCardsOverviewReads(): void {
  void queryClient.prefetchQuery(cardsQueryOptions());
  void queryClient.prefetchQuery(creditsQueryOptions(1));
  void queryClient.prefetchQuery(recentCrdLogsQueryOptions(1));
  void queryClient.prefetchQuery(assignedLogsQueryOptions(1));
}

/** `/cards`: the technician's cards, credits left and what happened lately. */
export function CardsOverviewPage() {
  const { t, i18n } = useTranslation();
  const cards = useCards();
  const [creditPage, setCreditPage] = useState(1);
  const credits = useCredits(creditPage);
  const [activityPage, setActivityPage] = useState(1);
  const activity = useRecentCrdLogs(activityPage);
  const [assignedPage, setAssignedPage] = useState(1);
  const assigned = useAssignedLogs(assignedPage);
  const answered = useFirstAnswers([cards, credits, activity, assigned]);

  return (
    <>
      <PageTitle breadcrumbs={[{ title: t('menu.home'), path: '/' }]}>{t('menu.cards')}</PageTitle>
      <SignedOutLinkNotice />
      <div className="d-flex justify-content-between align-items-center mb-3 flex-wrap gap-2">
        <h2 className="h4 mb-0">{t('cards.overview.myCards')}</h2>
        <Link className="btn btn-primary" to="/cards/add">
          {t('cards.overview.addCard')}
        </Link>
      </div>
      {answered ? (
        <>
          <QueryState
            query={cards}
            loadingLabel={t('cards.loading')}
            errorFallback="Something went wrong, please try again later."
            spinnerClassName="text-primary mb-4"
            isEmpty={(data) => data.totalItems === 0}
            empty={
              <div className="mb-4">
                <EmptyState
                  icon={<IconCard size={32} />}
                  title={t('pages.cards.emptyTitle')}
                  text={t('pages.cards.emptyText')}
                />
              </div>
            }
          >
            {(data) => (
              <ul className="row g-3 list-unstyled mb-4" aria-label={t('cards.overview.myCards')}>
                {data.member.map((card) => (
                  <li key={card.id} className="col-12 col-md-6 col-xl-4">
                    <article className="card h-100" aria-labelledby={`card-${card.id}`}>
                      <div className="card-body">
                        <div className="d-flex justify-content-between align-items-start mb-2">
                          <h3 id={`card-${card.id}`} className="h5 mb-0">
                            <Link to={`/cards/${card.id}`}>{card.serial}</Link>
                          </h3>
                          <CardStateBadge state={card.state} />
                        </div>
                        <dl className="row small mb-0">
                          <dt className="col-6 text-body-secondary">{t('cards.firmware')}</dt>
                          <dd className="col-6">
                            {card.firmwareVersion}
                            {card.updateAvailable ? (
                              <span className="badge text-bg-warning ms-2">{t('cards.updateAvailable')}</span>
                            ) : null}
                          </dd>
                          <dt className="col-6 text-body-secondary">{t('cards.expiry.support')}</dt>
                          <dd className="col-6">
                            <Expiry expiresAt={card.expiresAt} />
                          </dd>
                          <dt className="col-12 text-body-secondary">{t('cards.products')}</dt>
                          <dd className="col-12">
                            {card.products.length === 0 ? (
                              '—'
                            ) : (
                              <ul className="list-unstyled mb-0" aria-label={t('cards.products')}>
                                {card.products.map((product) => (
                                  <li key={product.id} className="d-flex flex-wrap gap-2 mb-1">
                                    <span className="fw-semibold">{product.name}</span>
                                    <LicenceExpiry licence={product} />
                                  </li>
                                ))}
                              </ul>
                            )}
                          </dd>
                          <dt className="col-6 text-body-secondary">{t('cards.credentials')}</dt>
                          <dd className="col-6">{card.credentials}</dd>
                          <dt className="col-6 text-body-secondary">{t('cards.assignedAt')}</dt>
                          <dd className="col-6">{formatDate(card.assignedAt, i18n.language)}</dd>
                        </dl>
                      </div>
                    </article>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>

          <CardsPagedTable
            id="credits"
            title={t('cards.credits.title')}
            query={credits}
            page={creditPage}
            onPage={setCreditPage}
            empty={t('cards.credits.empty')}
            actions={
              <div className="d-flex flex-wrap align-items-center justify-content-end gap-3">
                {credits.data ? (
                  <span className="fw-semibold text-nowrap">
                    {t('cards.credits.remaining', {
                      number: numberFormat(i18n.language).format(credits.data.remainingCredits),
                    })}
                  </span>
                ) : null}
                <Link className="btn btn-sm btn-primary text-nowrap" to="/cards/credits">
                  {t('credits.history')}
                </Link>
                <WhereToBuyLink className="btn btn-sm btn-outline-primary text-nowrap" />
              </div>
            }
            columns={[
              {
                header: t('cards.credits.product'),
                cell: (row) => row.productName ?? t('cards.credits.anyProduct'),
              },
              {
                header: t('cards.credits.kind'),
                cell: (row) =>
                  row.kind === 'pack' ? t('cards.credits.pack') : t('cards.credits.subscription'),
              },
              { header: t('cards.credits.amount'), cell: (row) => row.amount },
              { header: t('cards.credits.used'), cell: (row) => row.used },
              { header: t('cards.credits.left'), cell: (row) => row.remaining },
              {
                header: t('cards.credits.validUntil'),
                cell: (row) => <Expiry expiresAt={row.validUntil} />,
              },
            ]}
          />

          <CardsPagedTable
            id="recent-activity"
            title={t('cards.overview.activity')}
            query={activity}
            page={activityPage}
            onPage={setActivityPage}
            empty={t('cards.overview.noActivity')}
            columns={[
              {
                header: t('cards.time'),
                cell: (row) => <time dateTime={row.at}>{formatDateTime(row.at, i18n.language)}</time>,
              },
              {
                header: t('cards.credentialColumn'),
                cell: (row) => <Link to={`/cards/credentials/${row.userCrd}`}>{row.login}</Link>,
              },
              { header: t('cards.event'), cell: (row) => t(`cards.crdEvent.${row.event}`) },
              { header: t('cards.machine'), cell: (row) => row.machine },
              { header: t('cards.ip'), cell: (row) => row.ip },
            ]}
          />

          <CardsPagedTable
            id="assigned-logs"
            title={t('cards.overview.assignments')}
            query={assigned}
            page={assignedPage}
            onPage={setAssignedPage}
            empty={t('cards.overview.noAssignments')}
            columns={[
              {
                header: t('cards.time'),
                cell: (row) => <time dateTime={row.at}>{formatDateTime(row.at, i18n.language)}</time>,
              },
              { header: t('cards.card'), cell: (row) => row.serial },
              {
                header: t('cards.event'),
                cell: (row) =>
                  row.action === 'assigned' ? t('cards.cardEvent.assigned') : t('cards.cardEvent.unassigned'),
              },
            ]}
          />
        </>
      ) : (
        <Spinner label={t('cards.loading')} className="text-primary mb-4" />
      )}
    </>
  );
}
