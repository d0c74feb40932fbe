import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useCategories } from '../api/get-categories.ts';
import { ArticleResults } from '../components/article-results.tsx';
import { CategoryList } from '../components/category-list.tsx';

/** A search waits this long after the last key (search as you type, not a call per key). */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * `/support`: search the knowledge base as you type, or browse it by category; the address holds
 * the query (`q`), the category and the page, so results survive a reload and the back button.
 */
export function SupportHomePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const category = params.get('category') ?? undefined;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [typed, setTyped] = useState(query);
  const debounced = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const categoryName = useCategories().data?.member.find((candidate) => candidate.slug === category)?.name;

  useEffect(() => {
    if (debounced === query) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (debounced) next.set('q', debounced);
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debounced, query, setParams]);

  const setPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('page', String(next));
      return updated;
    });

  const resultsTitle = query
    ? categoryName
      ? t('support.results.titleInCategory', { category: categoryName })
      : t('support.results.title')
    : (categoryName ?? t('support.results.title'));

  return (
    <>
      <PageTitle breadcrumbs={[{ title: t('menu.home'), path: '/' }]}>{t('menu.support')}</PageTitle>
      <div className="card mb-4">
        <div className="card-body d-flex flex-column flex-md-row gap-3 align-items-md-end">
          <search className="flex-grow-1">
            <label htmlFor="kb-search" className="form-label fw-semibold">
              {t('support.search.label')}
            </label>
            <input
              id="kb-search"
              type="search"
              className="form-control form-control-lg"
              placeholder={t('support.search.placeholder')}
              value={typed}
              maxLength={200}
              autoComplete="off"
              onChange={(event) => setTyped(event.target.value)}
            />
          </search>
          <Link to="/support/ticket" className="btn btn-primary btn-lg text-nowrap">
            {t('support.ticket.open')}
          </Link>
        </div>
      </div>
      {category ? (
        <p>
          <Link to={query ? `/support?q=${encodeURIComponent(query)}` : '/support'}>
            {t('support.categories.all')}
          </Link>
        </p>
      ) : null}
      {query || category ? (
        <ArticleResults search={{ query, category, page }} title={resultsTitle} onPage={setPage} />
      ) : (
        <CategoryList />
      )}
    </>
  );
}
