import { useTranslation } from 'react-i18next';
import { PagedTable, type PagedTableProps } from '../../../components/ui/paged-table.tsx';
import { PAGE_SIZE } from '../api/cards.ts';

type CardsPagedTableProps<Row> = Omit<
  PagedTableProps<Row>,
  'pageSize' | 'loadingLabel' | 'pagerLabel' | 'summaryKey'
> & {
  pageSize?: number;
};

/** The cards area's paged tables: its page size and its words for loading and paging. */
export function CardsPagedTable<Row extends { id: string }>(props: CardsPagedTableProps<Row>) {
  const { t } = useTranslation();
  return (
    <PagedTable
      {...props}
      pageSize={props.pageSize ?? PAGE_SIZE}
      loadingLabel={t('cards.loading')}
      pagerLabel={t('cards.pages', { title: props.title })}
      summaryKey="cards.pageOf"
    />
  );
}
