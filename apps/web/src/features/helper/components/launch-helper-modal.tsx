import Modal from 'react-bootstrap/Modal';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconDownload, IconPlug } from '../../../components/ui/icons.tsx';
import { clientConfig } from '../../../lib/client-config.ts';
import { launchHelperModalStore, useLaunchHelperModalOpen } from '../../../lib/helper-status.ts';
import { useHelperStatusMonitor } from '../hooks/use-helper-status-monitor.ts';

/** The signed-in layout mounts it for as long as someone is signed in, so it also runs the status check. */
export function LaunchHelperModal() {
  useHelperStatusMonitor();
  const { t } = useTranslation();
  const open = useLaunchHelperModalOpen();
  const close = () => launchHelperModalStore.set(false);
  return (
    <Modal show={open} onHide={close} centered aria-labelledby="launch-helper-title">
      <Modal.Header closeButton closeLabel={t('helper.launch.close')}>
        <Modal.Title id="launch-helper-title" as="h2" className="h5">
          {t('helper.launch.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary">{t('helper.launch.intro')}</p>
        <div className="helper-option">
          <p className="mb-2">{t('helper.launch.launchText')}</p>
          <a className="btn btn-primary" href={clientConfig.helperLaunchUrl}>
            <IconPlug size={18} className="me-2" />
            {t('helper.launch.launch')}
          </a>
        </div>
        <div className="helper-option">
          <p className="mb-2">{t('helper.launch.downloadText')}</p>
          <a className="btn btn-outline-primary" href={clientConfig.helperInstallerUrl} download>
            <IconDownload size={18} className="me-2" />
            {t('helper.launch.download')}
          </a>
        </div>
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
