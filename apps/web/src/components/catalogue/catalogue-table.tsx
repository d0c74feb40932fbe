import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDate, formatDay } from '../../lib/format.ts';

/**
 * A catalogue listing (files, firmwares, tools): name first, the listing's own columns, then size,
 * date and the row's actions. Each row ends with `<SizeAndDateCells>` and its actions cell.
 */
export function CatalogueTable({
  columns = [],
  dateLabel,
  busy,
  className,
  children,
}: {
  /**
   * Headers of the columns between the name and the size; a column with a class can be left out on
   * narrow screens (its cells carry the same class).
   */
  columns?: (string | { label: string; className: string })[];
  /** The date column's header when its date is not the publication's (a firmware's release). */
  dateLabel?: string;
  busy?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <table className={`table align-middle${className ? ` ${className}` : ''}`} aria-busy={busy || undefined}>
      <thead>
        <tr>
          <th scope="col">{t('catalogue.name')}</th>
          {columns.map((column) =>
            typeof column === 'string' ? (
              <th key={column} scope="col">
                {column}
              </th>
            ) : (
              <th key={column.label} scope="col" className={column.className}>
                {column.label}
              </th>
            ),
          )}
          <th scope="col">{t('catalogue.size')}</th>
          <th scope="col">{dateLabel ?? t('catalogue.date')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('catalogue.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * The size (blank for a folder) and date cells of a `CatalogueTable` row: the publication's
 * instant, or a calendar `day` (`YYYY-MM-DD`) where the row has one.
 */
export function SizeAndDateCells({
  size,
  date,
  day = null,
}: {
  size: number | null;
  date: string;
  day?: string | null;
}) {
  const { i18n } = useTranslation();
  return (
    <>
      <td className="text-nowrap">{size === null ? '' : formatBytes(size, i18n.language)}</td>
      <td className="text-nowrap">
        <time dateTime={day ?? date}>
          {day === null ? formatDate(date, i18n.language) : formatDay(day, i18n.language)}
        </time>
      </td>
    </>
  );
}
