import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { LOGIN_LOGS_PAGE_SIZE, useLoginLogs } from '../api/login-logs.ts';
import { SectionCard } from './section-card.tsx';
import { UserAgentCell } from './user-agent-cell.tsx';

/** Every sign-in attempt, newest first, a page at a time. */
export function LoginHistoryTable() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const logs = useLoginLogs(page);

  return (
    <SectionCard
      id="login-history"
      title={t('account.loginHistory.title')}
      description={t('account.loginHistory.description')}
    >
      <QueryState
        query={logs}
        loadingLabel={t('account.loading')}
        errorFallback="Something went wrong, please try again later."
        errorClassName="mb-0"
        isEmpty={(data) => data.totalItems === 0}
        empty={<p className="text-body-secondary mb-0">{t('account.loginHistory.empty')}</p>}
        pager={{
          page,
          pageSize: LOGIN_LOGS_PAGE_SIZE,
          label: t('account.loginHistory.pages'),
          summaryKey: 'account.loginHistory.pageOf',
          showOnSinglePage: true,
          onPage: setPage,
        }}
      >
        {(data) => (
          <div className="table-responsive">
            <table className="table account-table mb-3" aria-busy={logs.isFetching || undefined}>
              <thead>
                <tr>
                  <th scope="col">{t('account.loginHistory.time')}</th>
                  <th scope="col">{t('account.loginHistory.ip')}</th>
                  <th scope="col">{t('account.loginHistory.browser')}</th>
                  <th scope="col">{t('account.loginHistory.result')}</th>
                </tr>
              </thead>
              <tbody>
                {data.member.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <time dateTime={entry.loginAt}>{formatDateTime(entry.loginAt, i18n.language)}</time>
                    </td>
                    <td>{entry.ip}</td>
                    <td>
                      <UserAgentCell userAgent={entry.userAgent} />
                    </td>
                    <td>
                      <span className={`badge ${entry.success ? 'text-bg-success' : 'text-bg-danger'}`}>
                        {entry.success
                          ? t('account.loginHistory.succeeded')
                          : t('account.loginHistory.failed')}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </SectionCard>
  );
}
