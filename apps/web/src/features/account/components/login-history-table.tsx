import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
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
      <ErrorAlert
        message={
          logs.isError
            ? apiErrorMessage(t, logs.error, 'Something went wrong, please try again later.')
            : null
        }
        className="mb-0"
      />
      {logs.isPending ? <Spinner label={t('account.loading')} className="text-primary" /> : null}
      {logs.data ? (
        logs.data.totalItems === 0 ? (
          <p className="text-body-secondary mb-0">{t('account.loginHistory.empty')}</p>
        ) : (
          <>
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
                  {logs.data.member.map((entry) => (
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
            <Pager
              page={page}
              pageSize={LOGIN_LOGS_PAGE_SIZE}
              totalItems={logs.data.totalItems}
              label={t('account.loginHistory.pages')}
              summaryKey="account.loginHistory.pageOf"
              showOnSinglePage
              onPage={setPage}
            />
          </>
        )
      ) : null}
    </SectionCard>
  );
}
