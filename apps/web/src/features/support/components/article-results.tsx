import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { ARTICLES_PAGE_SIZE, type ArticleSearch, useSearchArticles } from '../api/search-articles.ts';
import { HighlightedText } from './highlighted-text.tsx';

/** Found articles (ranked, matches marked) or a category's articles, a page at a time. */
export function ArticleResults({
  search,
  title,
  onPage,
}: {
  search: ArticleSearch;
  title: string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const results = useSearchArticles(search, true);
  const pageCount = Math.max(1, Math.ceil((results.data?.totalItems ?? 0) / ARTICLES_PAGE_SIZE));

  return (
    <section aria-labelledby="kb-results-title" aria-busy={results.isFetching || undefined}>
      <h2 id="kb-results-title" className="h5 mb-3">
        {title}
      </h2>
      {results.isError ? (
        <div className="alert alert-danger" role="alert">
          {apiErrorMessage(t, results.error, 'Something went wrong, please try again later.')}
        </div>
      ) : null}
      {results.isPending ? (
        <span className="spinner-border text-primary" role="status" aria-label={t('support.loading')} />
      ) : null}
      {results.data ? (
        <>
          <p className="text-body-secondary small" aria-live="polite">
            {results.data.totalItems === 0
              ? search.query
                ? t('support.results.none', { query: search.query })
                : t('support.results.emptyCategory')
              : t('support.results.count', { count: results.data.totalItems })}
          </p>
          <ul className="list-group mb-3">
            {results.data.member.map((hit) => (
              <li key={hit.slug} className="list-group-item py-3">
                <Link to={`/support/articles/${hit.slug}`} className="fw-semibold d-inline-block mb-1">
                  <HighlightedText html={hit.titleHtml} />
                </Link>
                <p className="mb-0 small text-body-secondary kb-snippet">
                  <HighlightedText html={hit.snippetHtml} />
                </p>
              </li>
            ))}
          </ul>
          {pageCount > 1 ? (
            <nav
              aria-label={t('support.results.pages')}
              className="d-flex align-items-center gap-3 flex-wrap"
            >
              <ul className="pagination mb-0">
                <li className={`page-item${search.page <= 1 ? ' disabled' : ''}`}>
                  <button
                    type="button"
                    className="page-link"
                    disabled={search.page <= 1}
                    onClick={() => onPage(search.page - 1)}
                  >
                    {t('support.results.previous')}
                  </button>
                </li>
                <li className={`page-item${search.page >= pageCount ? ' disabled' : ''}`}>
                  <button
                    type="button"
                    className="page-link"
                    disabled={search.page >= pageCount}
                    onClick={() => onPage(search.page + 1)}
                  >
                    {t('support.results.next')}
                  </button>
                </li>
              </ul>
              <span className="text-body-secondary small">
                {t('support.results.pageOf', { page: search.page, pages: pageCount })}
              </span>
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
