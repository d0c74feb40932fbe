import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { ErrorAlert } from './error-alert.tsx';
import { Pager } from './pager.tsx';
import { Spinner } from './spinner.tsx';

/** The pager's settings; the item count comes from the loaded page. */
type PagerSettings = Omit<ComponentProps<typeof Pager>, 'totalItems'>;

/**
 * What a page shows of one query: the server's error, a labelled spinner while the first answer
 * is on its way, the empty state, or the content followed by its pager. A failed refetch keeps the
 * content it already has under the error, as a list that was shown should not vanish.
 */
export function QueryState<TData>({
  query,
  loadingLabel,
  errorFallback,
  errorClassName,
  spinnerClassName = 'text-primary',
  isEmpty,
  empty,
  pager,
  children,
}: {
  query: UseQueryResult<TData>;
  loadingLabel: string;
  /** The sentence shown when the server gives no message of its own. */
  errorFallback: string;
  errorClassName?: string;
  spinnerClassName?: string;
  isEmpty?: (data: TData) => boolean;
  /** Shown instead of the content and pager when `isEmpty` says there is nothing. */
  empty?: ReactNode;
  /** A collection's pager under the content. */
  pager?: TData extends { totalItems: number } ? PagerSettings : never;
  children: (data: TData) => ReactNode;
}) {
  const { t } = useTranslation();
  const { data } = query;
  // A query still waiting for its input (disabled, so idle) has nothing on its way to wait for.
  const loading = query.isPending && query.fetchStatus !== 'idle';
  return (
    <>
      <ErrorAlert
        message={query.isError ? apiErrorMessage(t, query.error, errorFallback) : null}
        className={errorClassName}
      />
      {loading ? <Spinner label={loadingLabel} className={spinnerClassName} /> : null}
      {data === undefined ? null : isEmpty?.(data) ? (
        empty
      ) : (
        <>
          {children(data)}
          {pager ? <Pager {...pager} totalItems={totalItemsOf(data)} /> : null}
        </>
      )}
    </>
  );
}

function totalItemsOf(data: unknown): number {
  return typeof data === 'object' &&
    data !== null &&
    'totalItems' in data &&
    typeof data.totalItems === 'number'
    ? data.totalItems
    : 0;
}
