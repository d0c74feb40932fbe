import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../components/ui/query-state.tsx';
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

  return (
    <section aria-labelledby="kb-results-title" aria-busy={results.isFetching || undefined}>
      <h2 id="kb-results-title" className="h5 mb-3">
        {title}
      </h2>
      <QueryState
        query={results}
        loadingLabel={t('support.loading')}
        errorFallback="Something went wrong, please try again later."
        pager={{
          page: search.page,
          pageSize: ARTICLES_PAGE_SIZE,
          label: t('support.results.pages'),
          summaryKey: 'support.results.pageOf',
          onPage,
        }}
      >
        {(data) => (
          <>
            <p className="text-body-secondary small" aria-live="polite">
              {data.totalItems === 0
                ? search.query
                  ? t('support.results.none', { query: search.query })
                  : t('support.results.emptyCategory')
                : t('support.results.count', { count: data.totalItems })}
            </p>
            <ul className="list-group mb-3">
              {data.member.map((hit) => (
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
          </>
        )}
      </QueryState>
    </section>
  );
}
