import Modal from 'react-bootstrap/Modal';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconDownload, IconPlug } from '../../../components/ui/icons.tsx';
import { clientConfig } from '../../../lib/client-config.ts';
import type { HelperAccess } from '../../../lib/helper-access.ts';
import {
  launchHelperModalStore,
  useHelperAccess,
  useLaunchHelperModalOpen,
} from '../../../lib/helper-status.ts';
import { useHelperStatusMonitor } from '../hooks/use-helper-status-monitor.ts';

const STEP_KEYS = ['step1', 'step2', 'step3'] as const;

/** The three numbered steps `<prefix>.step1` to `.step3`; `values` fill their placeholders. */
function Steps({ prefix, values }: { prefix: string; values?: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <ol className="mb-2">
      {STEP_KEYS.map((step) => (
        <li key={step}>{t(`${prefix}.${step}`, values)}</li>
      ))}
    </ol>
  );
}

const ACCESS_TEXT_KEYS = {
  'will-ask': 'helper.access.willAsk',
  blocked: 'helper.access.blocked',
  insecure: 'helper.access.insecure',
  'no-helper-here': 'helper.access.noHelperHere',
} as const satisfies Record<Exclude<HelperAccess, 'open'>, string>;

/** Why the browser stands between this page and the helper, and what the user can do about it. */
function AccessPanel({ access }: { access: Exclude<HelperAccess, 'open'> }) {
  const { t } = useTranslation();
  const title = <h3 className="h6 alert-heading">{t(`${ACCESS_TEXT_KEYS[access]}.title`)}</h3>;
  switch (access) {
    case 'will-ask':
      return (
        <section className="alert alert-info" aria-label={t('helper.access.willAsk.title')}>
          {title}
          <p className="mb-0">{t('helper.access.willAsk.text')}</p>
        </section>
      );
    case 'blocked':
      return (
        <section className="alert alert-warning" aria-label={t('helper.access.blocked.title')}>
          {title}
          <p className="mb-2">{t('helper.access.blocked.text')}</p>
          <Steps prefix="helper.access.blocked" />
          <p className="small mb-0">{t('helper.access.blocked.managed')}</p>
        </section>
      );
    case 'insecure':
      return (
        <section className="alert alert-warning" aria-label={t('helper.access.insecure.title')}>
          {title}
          <p className="mb-0">{t('helper.access.insecure.text')}</p>
        </section>
      );
    case 'no-helper-here':
      return (
        <section className="alert alert-info" aria-label={t('helper.access.noHelperHere.title')}>
          {title}
          <p className="mb-2">{t('helper.access.noHelperHere.text')}</p>
          <Steps prefix="helper.access.noHelperHere" values={{ address: window.location.origin }} />
        </section>
      );
  }
}

/** The signed-in layout mounts it for as long as someone is signed in, so it also runs the status check. */
export function LaunchHelperModal() {
  useHelperStatusMonitor();
  const { t } = useTranslation();
  const open = useLaunchHelperModalOpen();
  const access = useHelperAccess();
  const close = () => launchHelperModalStore.set(false);
  // Launching a helper the browser keeps the page from, or that cannot run here, would mislead.
  const canLaunch = access === 'open' || access === 'will-ask';
  return (
    <Modal show={open} onHide={close} centered aria-labelledby="launch-helper-title">
      <Modal.Header closeButton closeLabel={t('helper.launch.close')}>
        <Modal.Title id="launch-helper-title" as="h2" className="h5">
          {t('helper.launch.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {access === 'open' ? null : <AccessPanel access={access} />}
        <p className="text-body-secondary">{t('helper.launch.intro')}</p>
        {canLaunch ? (
          <div className="helper-option">
            <p className="mb-2">{t('helper.launch.launchText')}</p>
            <a className="btn btn-primary" href={clientConfig.helperLaunchUrl}>
              <IconPlug size={18} className="me-2" />
              {t('helper.launch.launch')}
            </a>
          </div>
        ) : null}
        {access === 'no-helper-here' ? null : (
          <div className="helper-option">
            <p className="mb-2">{t('helper.launch.downloadText')}</p>
            <a className="btn btn-outline-primary" href={clientConfig.helperInstallerUrl} download>
              <IconDownload size={18} className="me-2" />
              {t('helper.launch.download')}
            </a>
          </div>
        )}
        <p className="small text-body-secondary mb-0 mt-3">
          <Trans
            i18nKey="helper.launch.license"
            components={{ policyLink: <Link to="/policy" onClick={close} /> }}
          />
        </p>
      </Modal.Body>
    </Modal>
  );
}
