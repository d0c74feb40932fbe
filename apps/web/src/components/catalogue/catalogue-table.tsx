import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDate } from '../../lib/format.ts';

/**
 * A catalogue listing (files, firmwares, tools): name first, the listing's own columns, then size,
 * date and the row's actions. Each row ends with `<SizeAndDateCells>` and its actions cell.
 */
export function CatalogueTable({
  columns = [],
  busy,
  className,
  children,
}: {
  /** Headers of the columns between the name and the size. */
  columns?: string[];
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
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          <th scope="col">{t('catalogue.size')}</th>
          <th scope="col">{t('catalogue.date')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('catalogue.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** The size (blank for a folder) and publication date cells of a `CatalogueTable` row. */
export function SizeAndDateCells({ size, date }: { size: number | null; date: string }) {
  const { i18n } = useTranslation();
  return (
    <>
      <td className="text-nowrap">{size === null ? '' : formatBytes(size, i18n.language)}</td>
      <td className="text-nowrap">
        <time dateTime={date}>{formatDate(date, i18n.language)}</time>
      </td>
    </>
  );
}
