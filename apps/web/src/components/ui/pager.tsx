import { useTranslation } from 'react-i18next';

/** Previous / next over a paged collection, with "page x of y" read out when it changes. */
export function Pager({
  page,
  pageSize,
  totalItems,
  label,
  summaryKey,
  showOnSinglePage = false,
  className,
  onPage,
}: {
  page: number;
  pageSize: number;
  totalItems: number;
  label: string;
  /** Translation of the "page x of y" line; it is given `page`, `pages` and `total`. */
  summaryKey: string;
  /** Lists whose summary is also their item count keep it when everything fits on one page. */
  showOnSinglePage?: boolean;
  /** Spacing from what comes before, which differs with the surrounding layout. */
  className?: string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(totalItems / pageSize));
  if (pages <= 1 && !showOnSinglePage) return null;
  return (
    <nav
      aria-label={label}
      className={`d-flex align-items-center gap-3 flex-wrap${className ? ` ${className}` : ''}`}
    >
      <ul className="pagination mb-0">
        <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
          <button type="button" className="page-link" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('pager.previous')}
          </button>
        </li>
        <li className={`page-item${page >= pages ? ' disabled' : ''}`}>
          <button
            type="button"
            className="page-link"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            {t('pager.next')}
          </button>
        </li>
      </ul>
      <span className="text-body-secondary small" aria-live="polite">
        {t(summaryKey, { page, pages, total: totalItems })}
      </span>
    </nav>
  );
}
