import { type Watch, watchTargetLink } from '@benchside/contracts/watches';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { IconEye } from '../../../components/ui/icons.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { watchTargetName } from '../../../components/watch/watch-button.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useRemoveWatch, useWatches, WATCH_LIST_PAGE_SIZE } from '../../../lib/watches-api.ts';
import '../watch-list.scss';

/**
 * `/watch-list`: the models and tools the technician watches, each with the newest package
 * published for it since, removed one at a time; paged like every list.
 */
export function WatchListPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const watches = useWatches(page);
  const totalItems = watches.data?.totalItems ?? 0;
  const pageCount = Math.max(1, Math.ceil(totalItems / WATCH_LIST_PAGE_SIZE));

  // A page that no longer exists after a removal: go back to the last one.
  useEffect(() => {
    if (watches.data && page > pageCount) setPage(pageCount);
  }, [watches.data, page, pageCount]);

  return (
    <>
      <PageTitle breadcrumbs={[{ title: t('menu.home'), path: '/' }]}>{t('menu.watchList')}</PageTitle>
      <p className="text-body-secondary">{t('watches.intro')}</p>
      <QueryState
        query={watches}
        loadingLabel={t('watches.loading')}
        errorFallback={t('watches.loadError')}
        isEmpty={(data) => data.totalItems === 0}
        empty={
          <EmptyState
            icon={<IconEye size={32} />}
            title={t('watches.emptyTitle')}
            text={t('watches.emptyText')}
            action={
              <div className="d-flex flex-wrap justify-content-center gap-2">
                <Link to="/firmwares" className="btn btn-primary">
                  {t('menu.firmwares')}
                </Link>
                <Link to="/tools" className="btn btn-outline-primary">
                  {t('menu.tools')}
                </Link>
              </div>
            }
          />
        }
        pager={{
          page,
          pageSize: WATCH_LIST_PAGE_SIZE,
          label: t('watches.pages'),
          summaryKey: 'watches.pageOf',
          showOnSinglePage: true,
          className: 'mt-3',
          onPage: setPage,
        }}
      >
        {(data) => (
          <section className="card" aria-labelledby="watch-list-title">
            <h2 id="watch-list-title" className="visually-hidden">
              {t('menu.watchList')}
            </h2>
            <ul className="list-group list-group-flush">
              {data.member.map((watch) => (
                <WatchListItem key={watch.id} watch={watch} />
              ))}
            </ul>
          </section>
        )}
      </QueryState>
    </>
  );
}

function WatchListItem({ watch }: { watch: Watch }) {
  const { t, i18n } = useTranslation();
  const remove = useRemoveWatch();
  const name = watchTargetName(watch);
  return (
    <li className="list-group-item watch-list-item" aria-label={name}>
      <div className="watch-list-what">
        <span className="badge text-bg-light border me-2">
          {watch.kind === 'model' ? t('watches.kindModel') : t('watches.kindTool')}
        </span>
        <Link to={watchTargetLink(watch)} className="fw-semibold">
          {name}
        </Link>
        <span className="d-block small text-body-secondary">
          {t('watches.since', { date: formatDate(watch.createdAt, i18n.language) })}
        </span>
      </div>
      <div className="watch-list-news small">
        {watch.lastPackage ? (
          <>
            <span className="d-block text-body-secondary">{t('watches.lastPackage')}</span>
            <span className="fw-semibold">{watch.lastPackage.version ?? watch.lastPackage.name}</span>
            {' · '}
            {formatDate(watch.lastPackage.publishedAt, i18n.language)}
          </>
        ) : (
          <span className="text-body-secondary">{t('watches.nothingNew')}</span>
        )}
      </div>
      <button
        type="button"
        className="btn btn-sm btn-outline-danger"
        disabled={remove.isPending}
        aria-label={t('watches.removeLabel', { name })}
        onClick={() =>
          remove.mutate(watch.id, {
            onSuccess: () => notify(t('watches.removed', { name }), 'success'),
            onError: (error) => notify(apiErrorMessage(t, error, t('watches.changeError')), 'error'),
          })
        }
      >
        {t('watches.remove')}
      </button>
    </li>
  );
}
