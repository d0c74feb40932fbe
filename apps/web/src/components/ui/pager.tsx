import { useTranslation } from 'react-i18next';

/** Previous / next over a paged collection, with "page x of y" read out when it changes. */
export function Pager({
  page,
  pageSize,
  totalItems,
  label,
  onPage,
}: {
  page: number;
  pageSize: number;
  totalItems: number;
  label: string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(totalItems / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="d-flex align-items-center gap-3 flex-wrap mt-3">
      <ul className="pagination mb-0">
        <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
          <button type="button" className="page-link" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('catalogue.previous')}
          </button>
        </li>
        <li className={`page-item${page >= pages ? ' disabled' : ''}`}>
          <button
            type="button"
            className="page-link"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            {t('catalogue.next')}
          </button>
        </li>
      </ul>
      <span className="text-body-secondary small" aria-live="polite">
        {t('catalogue.pageOf', { page, pages, total: totalItems })}
      </span>
    </nav>
  );
}
