import type { UserCrdDetail } from '@benchside/contracts/cards';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import {
  useChangeCrdPassword,
  useFinishCrdSessions,
  useUnlinkCrd,
  useUserCrd,
  useUserCrdLog,
} from '../api/credentials.ts';
import {
  useCreateThirdPartyToken,
  useDeleteThirdPartyToken,
  useThirdPartyTokens,
  useToggleThirdPartyToken,
  useTokenEvents,
  useTokenFingerprints,
} from '../api/tokens.ts';
import { CardsPagedTable } from '../components/paged-table.tsx';

const FALLBACK = 'Something went wrong, please try again later.';

/** `/cards/credentials/:id`: a tool sign-in with its sessions, machines, log and third-party tokens. */
export function CredentialPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const crd = useUserCrd(id);
  return (
    <>
      <PageTitle
        breadcrumbs={[
          { title: t('menu.home'), path: '/' },
          { title: t('menu.cards'), path: '/cards' },
        ]}
      >
        {crd.data ? t('cards.credential.title', { login: crd.data.login }) : t('cards.credentials')}
      </PageTitle>
      <QueryState query={crd} loadingLabel={t('cards.loading')} errorFallback={FALLBACK}>
        {(data) => <Credential crd={data} />}
      </QueryState>
    </>
  );
}

function Credential({ crd }: { crd: UserCrdDetail }) {
  const { t, i18n } = useTranslation();
  const changePassword = useChangeCrdPassword();
  const finish = useFinishCrdSessions();
  const unlink = useUnlinkCrd();
  const [newPassword, setNewPassword] = useState<string | null>(null);
  const [logPage, setLogPage] = useState(1);
  const log = useUserCrdLog(crd.id, logPage);
  const [fingerprintPage, setFingerprintPage] = useState(1);
  const fingerprints = useTokenFingerprints(crd.id, fingerprintPage);
  const [eventPage, setEventPage] = useState(1);
  const events = useTokenEvents(crd.id, eventPage);
  const fail = (failure: unknown) => notify(apiErrorMessage(t, failure, FALLBACK), 'error');
  const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, i18n.language)}</time>;

  return (
    <>
      <section className="card mb-4" aria-labelledby="credential-title">
        <div className="card-header">
          <h2 id="credential-title" className="card-title h5 mb-0">
            {crd.login}
          </h2>
        </div>
        <div className="card-body">
          <dl className="row mb-3">
            <dt className="col-sm-3">{t('cards.card')}</dt>
            <dd className="col-sm-9">
              {crd.card && crd.cardSerial ? (
                <Link to={`/cards/${crd.card}`}>{crd.cardSerial}</Link>
              ) : (
                t('cards.credential.noCard')
              )}
            </dd>
            <dt className="col-sm-3">{t('cards.lastLogin')}</dt>
            <dd className="col-sm-9">{crd.loginAt ? when(crd.loginAt) : t('cards.never')}</dd>
            <dt className="col-sm-3">{t('cards.credential.created')}</dt>
            <dd className="col-sm-9">{when(crd.createdAt)}</dd>
          </dl>
          {newPassword ? (
            <div className="alert alert-success" role="status">
              <p className="mb-1">{t('cards.credential.newPasswordIntro')}</p>
              <p className="mb-0">
                {t('cards.credential.newPassword')}:{' '}
                <code className="fs-5 user-select-all">{newPassword}</code>
              </p>
            </div>
          ) : null}
          <div className="d-flex gap-2 flex-wrap">
            <ConfirmButton
              label={t('cards.credential.changePassword')}
              title={t('cards.credential.changePasswordTitle', { login: crd.login })}
              text={t('cards.credential.changePasswordText')}
              confirmLabel={t('cards.credential.generate')}
              variant="primary"
              busy={changePassword.isPending}
              onConfirm={() =>
                changePassword.mutate(crd.id, {
                  onSuccess: (answer) => {
                    setNewPassword(answer.password);
                    notify(t('cards.credential.passwordChanged'), 'success');
                  },
                  onError: fail,
                })
              }
            />
            <ConfirmButton
              label={t('cards.credential.finishSessions')}
              title={t('cards.credential.finishSessionsTitle', { login: crd.login })}
              text={t('cards.credential.finishSessionsText')}
              confirmLabel={t('cards.credential.finishSessions')}
              variant="warning"
              busy={finish.isPending}
              onConfirm={() =>
                finish.mutate(crd.id, {
                  onSuccess: (answer) =>
                    notify(t('cards.credential.sessionsFinished', { number: answer.finished }), 'success'),
                  onError: fail,
                })
              }
            />
            {crd.card ? (
              <ConfirmButton
                label={t('cards.credential.unlink')}
                title={t('cards.credential.unlinkTitle', { login: crd.login, serial: crd.cardSerial ?? '' })}
                text={t('cards.credential.unlinkText')}
                confirmLabel={t('cards.credential.unlink')}
                busy={unlink.isPending}
                onConfirm={() =>
                  unlink.mutate(crd.id, {
                    onSuccess: () => notify(t('cards.credential.unlinked'), 'success'),
                    onError: fail,
                  })
                }
              />
            ) : null}
          </div>
        </div>
      </section>

      <section className="card mb-4" aria-labelledby="credential-sessions-title">
        <div className="card-header">
          <h2 id="credential-sessions-title" className="card-title h5 mb-0">
            {t('cards.credential.openSessions', { number: crd.activeSessions })}
          </h2>
        </div>
        <div className="card-body">
          {crd.sessions.length === 0 ? (
            <p className="text-body-secondary mb-0">{t('cards.credential.noSessions')}</p>
          ) : (
            <ul className="list-group">
              {crd.sessions.map((session) => (
                <li key={session.id} className="list-group-item">
                  <span className="fw-semibold">{session.machine}</span>{' '}
                  <span className="small text-body-secondary">
                    {t('cards.credential.sessionTimes', {
                      started: formatDateTime(session.startedAt, i18n.language),
                      seen: formatDateTime(session.lastSeenAt, i18n.language),
                    })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <ThirdPartyTokens userCrd={crd.id} />

      <CardsPagedTable
        id="credential-fingerprints"
        title={t('cards.credential.machines')}
        query={fingerprints}
        page={fingerprintPage}
        onPage={setFingerprintPage}
        empty={t('cards.credential.noMachines')}
        columns={[
          { header: t('cards.machine'), cell: (row) => row.machine },
          { header: t('cards.credential.fingerprint'), cell: (row) => <code>{row.fingerprint}</code> },
          { header: t('cards.credential.firstSeen'), cell: (row) => when(row.firstSeenAt) },
          { header: t('cards.credential.lastSeen'), cell: (row) => when(row.lastSeenAt) },
        ]}
      />

      <CardsPagedTable
        id="credential-token-events"
        title={t('cards.credential.tokenEvents')}
        query={events}
        page={eventPage}
        onPage={setEventPage}
        empty={t('cards.credential.noTokenEvents')}
        columns={[
          { header: t('cards.time'), cell: (row) => when(row.at) },
          { header: t('cards.event'), cell: (row) => t(`cards.tokenEvent.${row.event}`) },
          { header: t('cards.machine'), cell: (row) => row.machine },
        ]}
      />

      <CardsPagedTable
        id="credential-log"
        title={t('cards.credential.log')}
        query={log}
        page={logPage}
        onPage={setLogPage}
        empty={t('cards.overview.noActivity')}
        columns={[
          { header: t('cards.time'), cell: (row) => when(row.at) },
          { header: t('cards.event'), cell: (row) => t(`cards.crdEvent.${row.event}`) },
          { header: t('cards.machine'), cell: (row) => row.machine },
          { header: t('cards.ip'), cell: (row) => row.ip },
        ]}
      />
    </>
  );
}

function ThirdPartyTokens({ userCrd }: { userCrd: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const tokens = useThirdPartyTokens(userCrd, page);
  const create = useCreateThirdPartyToken(userCrd);
  const toggle = useToggleThirdPartyToken(userCrd);
  const remove = useDeleteThirdPartyToken(userCrd);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const fail = (failure: unknown) => notify(apiErrorMessage(t, failure, FALLBACK), 'error');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: (answer) => {
        setCreated({ name: answer.name, token: answer.token });
        setName('');
        notify(t('cards.tokens.created', { name: answer.name }), 'success');
      },
      onError: fail,
    });
  };

  return (
    <CardsPagedTable
      id="third-party-tokens"
      title={t('cards.tokens.title')}
      query={tokens}
      page={page}
      onPage={setPage}
      empty={t('cards.tokens.empty')}
      actions={
        <form className="d-flex gap-2" onSubmit={submit}>
          <label className="visually-hidden" htmlFor="token-name">
            {t('cards.tokens.name')}
          </label>
          <input
            id="token-name"
            className="form-control form-control-sm"
            placeholder={t('cards.tokens.name')}
            value={name}
            maxLength={100}
            required
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="btn btn-sm btn-primary text-nowrap" disabled={create.isPending}>
            {t('cards.tokens.create')}
          </button>
        </form>
      }
      columns={[
        {
          header: t('cards.tokens.name'),
          cell: (row) => (
            <>
              {row.name}
              {created && created.name === row.name ? (
                <div className="small">
                  {t('cards.tokens.secret')}: <code className="user-select-all">{created.token}</code>
                </div>
              ) : null}
            </>
          ),
        },
        {
          header: t('cards.credential.created'),
          cell: (row) => formatDateTime(row.createdAt, i18n.language),
        },
        {
          header: t('cards.tokens.active'),
          cell: (row) => (
            <div className="form-check form-switch mb-0">
              <input
                className="form-check-input"
                type="checkbox"
                role="switch"
                id={`token-${row.id}`}
                checked={row.active}
                aria-checked={row.active}
                disabled={toggle.isPending}
                aria-label={t('cards.tokens.toggle', { name: row.name })}
                onChange={(event) =>
                  toggle.mutate(
                    { id: row.id, active: event.target.checked },
                    {
                      onSuccess: (answer) =>
                        notify(
                          answer.active
                            ? t('cards.tokens.activated', { name: answer.name })
                            : t('cards.tokens.deactivated', { name: answer.name }),
                          'success',
                        ),
                      onError: fail,
                    },
                  )
                }
              />
            </div>
          ),
        },
        {
          header: t('cards.tokens.actions'),
          cell: (row) => (
            <ConfirmButton
              label={t('cards.tokens.delete')}
              title={t('cards.tokens.deleteTitle', { name: row.name })}
              text={t('cards.tokens.deleteText')}
              confirmLabel={t('cards.tokens.delete')}
              size="sm"
              busy={remove.isPending}
              onConfirm={() =>
                remove.mutate(row.id, {
                  onSuccess: () => notify(t('cards.tokens.deleted', { name: row.name }), 'success'),
                  onError: fail,
                })
              }
            />
          ),
        },
      ]}
    />
  );
}
