import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconDownload, IconPlug } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { clientConfig } from '../../../lib/client-config.ts';
import type { HelperAccess } from '../../../lib/helper-access.ts';
import {
  launchHelperModalStore,
  useHelperAccess,
  useLaunchHelperModalOpen,
} from '../../../lib/helper-status.ts';
import { useHelperStatusMonitor } from '../hooks/use-helper-status-monitor.ts';

const STEP_KEYS = ['step1', 'step2', 'step3'] as const;

/** Each access that is not open: its texts (`.title`, `.text`, and maybe `.step1`-`.step3`, `.managed`) and tone. */
const ACCESS_PANELS = {
  'will-ask': { keys: 'helper.access.willAsk', tone: 'info', steps: false, managed: false },
  blocked: { keys: 'helper.access.blocked', tone: 'warning', steps: true, managed: true },
  insecure: { keys: 'helper.access.insecure', tone: 'warning', steps: false, managed: false },
  'no-helper-here': { keys: 'helper.access.noHelperHere', tone: 'info', steps: true, managed: false },
} as const satisfies Record<
  Exclude<HelperAccess, 'open'>,
  { keys: string; tone: 'info' | 'warning'; steps: boolean; managed: boolean }
>;

/** Why the browser stands between this page and the helper, and what the user can do about it. */
function AccessPanel({ access }: { access: Exclude<HelperAccess, 'open'> }) {
  const { t } = useTranslation();
  const { keys, tone, steps, managed } = ACCESS_PANELS[access];
  const title = t(`${keys}.title`);
  return (
    <section className={`alert alert-${tone}`} aria-label={title}>
      <h3 className="h6 alert-heading">{title}</h3>
      <p className={steps ? 'mb-2' : 'mb-0'}>{t(`${keys}.text`)}</p>
      {steps ? (
        <ol className="mb-2">
          {STEP_KEYS.map((step) => (
            // The phone's steps name this portal's address, to open on the computer.
            <li key={step}>{t(`${keys}.${step}`, { address: window.location.origin })}</li>
          ))}
        </ol>
      ) : null}
      {managed ? <p className="small mb-0">{t(`${keys}.managed`)}</p> : null}
    </section>
  );
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
        <p className="mt-3 mb-0">
          <Link to="/helper" onClick={close}>
            {t('helper.launch.openPanel')}
          </Link>
        </p>
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
