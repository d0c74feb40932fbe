import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { askForDownloadNotifications } from '../../lib/download-notifications.ts';
import { downloadThroughHelper, HelperDownloadError } from '../../lib/helper-download.ts';
import { useHelperStatus } from '../../lib/helper-status.ts';
import { notify } from '../../lib/notify.ts';
import { usePhoneWidth } from '../../lib/use-phone-width.ts';
import { DirectDownloadButton } from './direct-download-button.tsx';
import { IconDownload } from './icons.tsx';

/**
 * Hands one catalogue package to the local helper, with the plain HTTPS download beside it; on a
 * phone, where no helper runs, the plain download only. A package the user may not have is locked.
 */
export function HelperDownloadButton({
  fileId,
  file,
  entitled,
}: {
  fileId: number;
  file: string;
  entitled: boolean;
}) {
  const { t } = useTranslation();
  const phone = usePhoneWidth();
  const helperFound = useHelperStatus() === 'connected';
  const download = useMutation({
    mutationFn: () => downloadThroughHelper(fileId),
    onSuccess: () => notify(t('catalogue.downloadAdded', { file }), 'success'),
    onError: (error) => {
      // The API's own reason when it refused the link (e.g. a package the user may not have).
      const message = !(error instanceof HelperDownloadError)
        ? t('catalogue.errors.addDownload')
        : error.specMessage === 'File download error'
          ? apiErrorMessage(t, error.cause, t(error.messageKey))
          : t(error.messageKey);
      notify(message, 'error');
    },
  });
  if (!entitled) {
    return <span className="badge text-bg-secondary">{t('catalogue.locked')}</span>;
  }
  if (phone) return <DirectDownloadButton fileId={fileId} file={file} primary />;
  return (
    <div className="d-inline-flex gap-1">
      <button
        type="button"
        className="btn btn-sm btn-light-primary btn-outline-primary d-inline-flex align-items-center gap-1"
        onClick={() => {
          // Asked here, on the technician's click: the first download is when a notice becomes useful.
          void askForDownloadNotifications();
          download.mutate();
        }}
        disabled={download.isPending}
        aria-label={t('catalogue.downloadFile', { file })}
      >
        <IconDownload size={16} />
        <span>{t('catalogue.download')}</span>
      </button>
      <DirectDownloadButton fileId={fileId} file={file} primary={!helperFound} />
    </div>
  );
}
