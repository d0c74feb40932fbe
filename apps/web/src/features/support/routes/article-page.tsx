import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { useArticle } from '../api/get-article.ts';
import { ArticleBody } from '../components/article-body.tsx';

/** `/support/articles/:slug`: one article, in the page's language when it has been translated. */
export function ArticlePage() {
  const { t, i18n } = useTranslation();
  const slug = useParams().slug ?? '';
  const article = useArticle(slug);
  const crumbs = [
    { title: t('menu.home'), path: '/' },
    { title: t('menu.support'), path: '/support' },
  ];

  if (article.isPending) {
    return (
      <>
        <PageTitle breadcrumbs={crumbs}>{t('menu.support')}</PageTitle>
        <Spinner label={t('support.loading')} className="text-primary" />
      </>
    );
  }
  if (article.isError) {
    const notFound = article.error instanceof ApiError && [400, 404].includes(article.error.status);
    return (
      <>
        <PageTitle breadcrumbs={crumbs}>{t('menu.support')}</PageTitle>
        <div className={`alert ${notFound ? 'alert-warning' : 'alert-danger'}`} role="alert">
          {notFound
            ? t('support.article.notFound')
            : apiErrorMessage(t, article.error, 'Something went wrong, please try again later.')}
        </div>
        <Link to="/support">{t('support.article.back')}</Link>
      </>
    );
  }
  const { data } = article;
  return (
    <>
      <PageTitle
        breadcrumbs={[
          ...crumbs,
          { title: data.category.name, path: `/support?category=${encodeURIComponent(data.category.slug)}` },
        ]}
      >
        {data.title}
      </PageTitle>
      <article className="card" lang={data.language} aria-labelledby="kb-article-title">
        <div className="card-body">
          <h2 id="kb-article-title" className="h3 mb-2">
            {data.title}
          </h2>
          <p className="text-body-secondary small mb-4">
            {t('support.article.updated', { date: formatDate(data.updatedAt, i18n.language) })}
          </p>
          {data.language !== i18n.language ? (
            <div className="alert alert-info py-2 small" role="note">
              {t('support.article.untranslated')}
            </div>
          ) : null}
          <ArticleBody html={data.html} />
        </div>
      </article>
      <p className="mt-4 d-flex gap-3 flex-wrap">
        <Link to="/support">{t('support.article.back')}</Link>
        <Link to="/support/ticket">{t('support.article.stillStuck')}</Link>
      </p>
    </>
  );
}
