import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLayout } from '../../../components/layout/layout-provider.tsx';
import { usePageData } from '../../../components/layout/page-data.tsx';

/** Spec §2 toolbar (toolbar1..toolbar5, heights in master.scss) with the page title and breadcrumbs. */
export function Toolbar({ containerClass }: { containerClass: string }) {
  const { t } = useTranslation();
  const { config } = useLayout();
  const page = usePageData();
  if (!page) return null;
  if (!config.toolbar.display || !config.pageTitle.display) {
    return <h1 className="visually-hidden">{page.title}</h1>;
  }
  return (
    <div className={`app-toolbar ${config.toolbar.layout}`} data-toolbar={config.toolbar.layout}>
      <div className={`${containerClass} toolbar-container`}>
        <div className="page-title">
          <h1 className="page-heading">{page.title}</h1>
          {config.pageTitle.breadcrumbs && page.breadcrumbs.length > 0 ? (
            <nav aria-label={t('breadcrumbs.label')} className="page-breadcrumbs">
              <ol className="breadcrumb mb-0">
                {page.breadcrumbs.map((crumb) => (
                  <li key={`${crumb.path}-${crumb.title}`} className="breadcrumb-item">
                    <Link to={crumb.path}>{crumb.title}</Link>
                  </li>
                ))}
                <li className="breadcrumb-item active" aria-current="page">
                  {page.title}
                </li>
              </ol>
            </nav>
          ) : null}
        </div>
      </div>
    </div>
  );
}
