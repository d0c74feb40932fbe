import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions.ts';
import { SectionCard } from './section-card.tsx';
import { UserAgentCell } from './user-agent-cell.tsx';

const FAILED = 'Something went wrong, please try again later.';

/** The signed-in devices (Keycloak's "device activity"): sign one out, or every one but this. */
export function SessionsTable() {
  const { t, i18n } = useTranslation();
  const sessions = useSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.member.filter((session) => !session.current) ?? [];

  const signOutOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: (message) => notify(translateMessage(t, message), 'success'),
      onError: (error) => notify(apiErrorMessage(t, error, FAILED), 'error'),
    });

  return (
    <SectionCard
      id="devices"
      title={t('account.devices.title')}
      description={t('account.devices.description')}
    >
      <QueryState
        query={sessions}
        loadingLabel={t('account.loading')}
        errorFallback={FAILED}
        errorClassName="mb-0"
      >
        {(data) => (
          <>
            <div className="table-responsive">
              <table className="table account-table mb-3">
                <thead>
                  <tr>
                    <th scope="col">{t('account.devices.device')}</th>
                    <th scope="col">{t('account.devices.ip')}</th>
                    <th scope="col">{t('account.devices.signedIn')}</th>
                    <th scope="col">{t('account.devices.lastSeen')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('account.devices.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.member.map((session) => (
                    <tr key={session.id} data-current={session.current || undefined}>
                      <td>
                        <UserAgentCell userAgent={session.userAgent} />
                        {session.current ? (
                          <span className="badge text-bg-success ms-2">{t('account.devices.current')}</span>
                        ) : null}
                      </td>
                      <td>{session.ip}</td>
                      <td>{formatDateTime(session.createdAt, i18n.language)}</td>
                      <td>{formatDateTime(session.lastSeenAt, i18n.language)}</td>
                      <td className="text-end">
                        {session.current ? null : (
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-primary"
                            disabled={endSession.isPending}
                            onClick={() =>
                              endSession.mutate(session.id, {
                                onSuccess: () => notify(t('account.devices.signedOut'), 'success'),
                                onError: (error) => notify(apiErrorMessage(t, error, FAILED), 'error'),
                              })
                            }
                          >
                            {t('account.devices.signOut')}
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <button
              type="button"
              className="btn btn-outline-primary"
              disabled={others.length === 0 || endOthers.isPending}
              onClick={signOutOthers}
            >
              {t('account.devices.signOutOthers')}
            </button>
          </>
        )}
      </QueryState>
    </SectionCard>
  );
}
