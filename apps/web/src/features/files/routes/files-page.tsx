import type { CatalogueFile } from '@benchside/contracts/catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CatalogueSearchForm } from '../../../components/catalogue/catalogue-search-form.tsx';
import { CatalogueTable, SizeAndDateCells } from '../../../components/catalogue/catalogue-table.tsx';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { HelperDownloadButton } from '../../../components/ui/helper-download-button.tsx';
import { IconFolder } from '../../../components/ui/icons.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { CATALOGUE_PAGE_SIZE, useFileSearch, useFolder } from '../../../lib/catalogue-api.ts';

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : null;
}

/** The files tree: open folders, follow the breadcrumbs back, search by name, download through the helper. */
export function FilesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const parent = positiveInt(params.get('parent'));
  const search = params.get('q') ?? '';
  const page = positiveInt(params.get('page')) ?? 1;
  const [draft, setDraft] = useState(search);
  const folder = useFolder(parent, page, search === '');
  const found = useFileSearch(search, page);
  const listing = search === '' ? folder : found;
  const crumbs = search === '' ? (folder.data?.parents ?? []) : [];

  const go = (next: { parent?: number | null; q?: string; page?: number }) => {
    const query = new URLSearchParams();
    const nextParent = next.parent === undefined ? parent : next.parent;
    if (nextParent !== null && !next.q) query.set('parent', String(nextParent));
    if (next.q) query.set('q', next.q);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    setParams(query);
  };
  const open = (item: CatalogueFile) => go({ parent: item.id });

  return (
    <>
      <PageTitle breadcrumbs={[{ title: t('menu.home'), path: '/' }]}>{t('menu.files')}</PageTitle>
      <section className="card">
        <div className="card-body">
          <CatalogueSearchForm
            label={t('catalogue.files.search')}
            draft={draft}
            onDraftChange={setDraft}
            onSearch={() => go({ q: draft.trim(), parent: null })}
            className="mb-3"
          />
          <nav aria-label={t('catalogue.files.path')}>
            <ol className="breadcrumb mb-3">
              <li className="breadcrumb-item">
                {parent === null && search === '' ? (
                  <span aria-current="page">{t('catalogue.files.root')}</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-link p-0 align-baseline"
                    onClick={() => {
                      setDraft('');
                      go({ parent: null, q: '' });
                    }}
                  >
                    {t('catalogue.files.root')}
                  </button>
                )}
              </li>
              {search !== '' ? (
                <li className="breadcrumb-item" aria-current="page">
                  {t('catalogue.files.results', { text: search })}
                </li>
              ) : null}
              {crumbs.map((crumb, index) => (
                <li
                  key={crumb.id}
                  className="breadcrumb-item"
                  aria-current={index === crumbs.length - 1 ? 'page' : undefined}
                >
                  {index === crumbs.length - 1 ? (
                    crumb.file
                  ) : (
                    <button
                      type="button"
                      className="btn btn-link p-0 align-baseline"
                      onClick={() => go({ parent: crumb.id })}
                    >
                      {crumb.file}
                    </button>
                  )}
                </li>
              ))}
            </ol>
          </nav>
          {search !== '' ? (
            <p>
              <Link to={`/supported-models?${new URLSearchParams({ q: search })}`}>
                {t('catalogue.supportedFunctionsFor', { text: search })}
              </Link>
            </p>
          ) : null}
          <QueryState
            query={listing}
            loadingLabel={t('catalogue.loading')}
            errorFallback={t('catalogue.loadError')}
            isEmpty={(data) => data.totalItems === 0}
            empty={
              <EmptyState
                icon={<IconFolder size={32} />}
                title={search === '' ? t('catalogue.files.emptyFolder') : t('catalogue.files.noResults')}
                text={search === '' ? t('pages.files.emptyText') : t('catalogue.files.noResultsText')}
              />
            }
            pager={{
              page,
              pageSize: CATALOGUE_PAGE_SIZE,
              label: t('catalogue.pages'),
              summaryKey: 'catalogue.pageOf',
              className: 'mt-3',
              onPage: (next) => go({ q: search, page: next }),
            }}
          >
            {(data) => (
              <div className="table-responsive">
                <CatalogueTable className="mb-0" busy={listing.isFetching}>
                  {data.member.map((item) => (
                    <tr key={item.id}>
                      <td>
                        {item.isDir ? (
                          <button
                            type="button"
                            className="btn btn-link p-0 d-inline-flex align-items-center gap-2"
                            onClick={() => open(item)}
                          >
                            <IconFolder size={18} />
                            {item.file}
                          </button>
                        ) : (
                          item.file
                        )}
                      </td>
                      <SizeAndDateCells size={item.size} date={item.date} />
                      <td className="text-end">
                        {item.isDir ? null : (
                          <HelperDownloadButton fileId={item.id} file={item.file} entitled={item.entitled} />
                        )}
                      </td>
                    </tr>
                  ))}
                </CatalogueTable>
              </div>
            )}
          </QueryState>
        </div>
      </section>
    </>
  );
}
