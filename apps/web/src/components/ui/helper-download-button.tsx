import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { downloadThroughHelper, HelperDownloadError } from '../../lib/helper-download.ts';
import { notify } from '../../lib/notify.ts';
import { IconDownload } from './icons.tsx';

/** Hands one catalogue package to the local helper; a package the user may not have is locked. */
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
  return (
    <button
      type="button"
      className="btn btn-sm btn-light-primary btn-outline-primary d-inline-flex align-items-center gap-1"
      onClick={() => download.mutate()}
      disabled={download.isPending}
      aria-label={t('catalogue.downloadFile', { file })}
    >
      <IconDownload size={16} />
      <span>{t('catalogue.download')}</span>
    </button>
  );
}
