import { useIsFetching } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { IconDownload, IconPlug } from '../../../components/ui/icons.tsx';
import { clientConfig } from '../../../lib/client-config.ts';
import { formatBytes } from '../../../lib/format.ts';
import { type LoopbackPermission, watchLoopbackPermission } from '../../../lib/helper-access.ts';
import { helperReason } from '../../../lib/helper-client.ts';
import { useHelperAccess, useHelperStatus } from '../../../lib/helper-status.ts';
import { checkHelperAgain, useHelperPanelAnswers } from '../api/helper-panel.ts';
import { type Check, type CheckState, type FixId, helperChecks } from '../helper-checks.ts';
import '../helper-panel.scss';

const STATE_BADGES = {
  ok: 'text-bg-success',
  problem: 'text-bg-warning',
  unknown: 'text-bg-secondary',
  checking: 'text-bg-light',
} as const satisfies Record<CheckState, string>;

const STEP_KEYS = ['step1', 'step2', 'step3'] as const;

/** The Local Network Access permission, followed while the panel is open. */
function useLoopbackPermission(): LoopbackPermission | null {
  const [permission, setPermission] = useState<LoopbackPermission | null>(null);
  useEffect(() => {
    const watch = watchLoopbackPermission(setPermission);
    return () => watch.stop();
  }, []);
  return permission;
}

/** The action of a fix-it step, when it has one beyond its words. */
function FixAction({ fix }: { fix: FixId }) {
  const { t } = useTranslation();
  switch (fix) {
    case 'startHelper':
      return (
        <div className="d-flex flex-wrap gap-2">
          <a className="btn btn-sm btn-primary" href={clientConfig.helperLaunchUrl}>
            <IconPlug size={16} className="me-1" />
            {t('helper.launch.launch')}
          </a>
          <a className="btn btn-sm btn-outline-primary" href={clientConfig.helperInstallerUrl} download>
            <IconDownload size={16} className="me-1" />
            {t('helper.launch.download')}
          </a>
        </div>
      );
    case 'downloadUpdate':
      return (
        <a className="btn btn-sm btn-primary" href={clientConfig.helperInstallerUrl} download>
          <IconDownload size={16} className="me-1" />
          {t('helper.panel.fix.downloadUpdateAction')}
        </a>
      );
    case 'allowLocalNetwork':
      return (
        <ol className="mb-0">
          {STEP_KEYS.map((step) => (
            <li key={step}>{t(`helper.access.blocked.${step}`)}</li>
          ))}
        </ol>
      );
    case 'createFolder':
    case 'freeSpace':
      return (
        <Link className="btn btn-sm btn-outline-primary" to="/downloads">
          {t('helper.panel.fix.chooseFolderAction')}
        </Link>
      );
    default:
      return null;
  }
}

/** One thing to check: what it is, how it stands, and the step that fixes a bad state. */
function CheckRow({ title, check, children }: { title: string; check: Check<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="helper-check" aria-labelledby={titleId} data-check-state={check.state}>
      <div className="d-flex align-items-start justify-content-between gap-2">
        <div className="flex-grow-1 min-w-0">
          <h2 id={titleId} className="h6 mb-1">
            {title}
          </h2>
          <div className="helper-check-detail">{children}</div>
        </div>
        <span className={`badge flex-shrink-0 ${STATE_BADGES[check.state]}`}>
          {t(`helper.panel.state.${check.state}`)}
        </span>
      </div>
      {check.fix ? (
        <div className="alert alert-warning mt-3 mb-0" role="note" aria-label={t('helper.panel.fixTitle')}>
          <p className="mb-2">{t(`helper.panel.fix.${check.fix}`)}</p>
          <FixAction fix={check.fix} />
        </div>
      ) : null}
    </section>
  );
}

/** The ports probed, as the panel names them: "20051–20054" for a run, else each ("19802"; "30001, 30005"). */
export function portsText(ports: readonly number[]): string {
  const run = ports.every((port, index) => index === 0 || port === (ports[index - 1] ?? 0) + 1);
  return run && ports.length > 1 ? `${ports[0]}–${ports.at(-1)}` : ports.join(', ');
}

/** `/helper`: what a technician checks when a download, a tool or a card operation fails. */
export function HelperPanelPage() {
  const { t, i18n } = useTranslation();
  const status = useHelperStatus();
  const access = useHelperAccess();
  const permission = useLoopbackPermission();
  const answers = useHelperPanelAnswers();
  const checks = helperChecks({
    ...answers,
    status,
    access,
    permission,
    secureContext: window.isSecureContext,
  });
  const busy =
    useIsFetching({ queryKey: ['helper'] }) + useIsFetching({ queryKey: ['helper-installer'] }) > 0;
  const unknownText = t('helper.panel.needsHelper');

  const { helper, version, readers, folder } = checks;
  const helperText =
    helper.state === 'ok'
      ? helper.detail.port === null
        ? t('helper.panel.helper.connected')
        : t('helper.panel.helper.connectedOn', { port: helper.detail.port })
      : helper.state === 'checking'
        ? t('helper.panel.helper.checking')
        : helper.fix === 'useComputer'
          ? t('helper.status.noHelperHere')
          : t('helper.panel.helper.notFound', {
              ports: portsText(clientConfig.helperPorts),
              count: clientConfig.helperPorts.length,
            });
  const { installed, latest } = version.detail;
  const versionText =
    installed === null
      ? unknownText
      : latest === null
        ? t('helper.panel.version.installedOnly', { installed })
        : version.state === 'problem'
          ? t('helper.panel.version.outdated', { installed, latest })
          : t('helper.panel.version.current', { installed });
  const readersError = helperReason(answers.readersError);

  return (
    <>
      <PageTitle breadcrumbs={[{ title: t('menu.home'), path: '/' }]}>{t('helper.panel.title')}</PageTitle>
      <div className="card helper-panel">
        <div className="card-header d-flex flex-wrap align-items-center justify-content-between gap-2 py-3">
          <p className="text-body-secondary mb-0">{t('helper.panel.intro')}</p>
          <button
            type="button"
            className="btn btn-sm btn-primary text-nowrap"
            onClick={() => void checkHelperAgain()}
            disabled={busy}
          >
            {t('helper.panel.checkAgain')}
          </button>
        </div>
        <div className="card-body d-grid gap-3">
          <CheckRow title={t('helper.panel.helper.title')} check={helper}>
            {helperText}
          </CheckRow>
          <CheckRow title={t('helper.panel.version.title')} check={version}>
            {versionText}
          </CheckRow>
          <CheckRow title={t('helper.panel.permission.title')} check={checks.permission}>
            {t(`helper.panel.permission.${permission ?? 'checking'}`)}
          </CheckRow>
          <CheckRow title={t('helper.panel.readers.title')} check={readers}>
            {readers.state === 'unknown' || readers.state === 'checking' ? (
              readersError ? (
                t('helper.panel.readers.failed', { reason: readersError })
              ) : (
                unknownText
              )
            ) : readers.detail.readers.length === 0 ? (
              t('helper.panel.readers.none')
            ) : (
              <ul className="list-unstyled mb-0">
                {readers.detail.readers.map((reader) => (
                  <li key={reader.name}>
                    <span className="fw-semibold">{reader.name}</span>
                    {': '}
                    {reader.card === null
                      ? t('helper.panel.readers.noCard')
                      : reader.card.serial === null
                        ? t('helper.panel.readers.otherCard')
                        : t('helper.panel.readers.card', { serial: reader.card.serial })}
                  </li>
                ))}
              </ul>
            )}
          </CheckRow>
          <CheckRow title={t('helper.panel.folder.title')} check={folder}>
            {folder.detail.path === null ? (
              unknownText
            ) : (
              <>
                <code className="helper-check-path">{folder.detail.path}</code>
                <div>
                  {folder.detail.freeBytes === null
                    ? t('helper.panel.folder.missing')
                    : t('helper.panel.folder.free', {
                        free: formatBytes(folder.detail.freeBytes, i18n.language),
                      })}
                </div>
              </>
            )}
          </CheckRow>
        </div>
      </div>
    </>
  );
}
