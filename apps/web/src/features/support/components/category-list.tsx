import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { IconChevronRight } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { useCategories } from '../api/get-categories.ts';

/** The knowledge base's categories, each opening its list of articles. */
export function CategoryList() {
  const { t } = useTranslation();
  const categories = useCategories();

  if (categories.isPending) {
    return <Spinner label={t('support.loading')} className="text-primary" />;
  }
  if (categories.isError) {
    return (
      <ErrorAlert
        message={apiErrorMessage(t, categories.error, 'Something went wrong, please try again later.')}
      />
    );
  }
  if (categories.data.totalItems === 0) {
    return <p className="text-body-secondary">{t('support.categories.empty')}</p>;
  }
  return (
    <section aria-labelledby="kb-categories-title">
      <h2 id="kb-categories-title" className="h5 mb-3">
        {t('support.categories.title')}
      </h2>
      <ul className="row g-3 list-unstyled mb-0">
        {categories.data.member.map((category) => (
          <li key={category.slug} className="col-12 col-md-6 col-xl-4">
            <Link
              to={`/support?category=${encodeURIComponent(category.slug)}`}
              className="card h-100 text-decoration-none kb-category-card"
            >
              <span className="card-body d-flex align-items-center justify-content-between gap-3">
                <span>
                  <span className="d-block fw-semibold text-body">{category.name}</span>
                  <span className="d-block small text-body-secondary">
                    {t('support.categories.articleCount', { count: category.articleCount })}
                  </span>
                </span>
                <IconChevronRight aria-hidden="true" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
