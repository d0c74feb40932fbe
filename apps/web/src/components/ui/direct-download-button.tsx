import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { getDownloadLink } from '../../lib/catalogue-api.ts';
import { formatBytes } from '../../lib/format.ts';
import { IconLink } from './icons.tsx';
import { Modal } from './modal.tsx';
import { Spinner } from './spinner.tsx';

/**
 * The fallback when no helper can run (a phone, or no helper found): the package over plain HTTPS
 * from the downloads host, with its size and SHA-256 to check the file by. The link is signed for
 * a few minutes, so it is asked for when the dialog opens, not with the list.
 */
export function DirectDownloadButton({
  fileId,
  file,
  primary,
}: {
  fileId: number;
  file: string;
  /** The main action of the row (no helper here): shown in words, not as an icon. */
  primary: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`btn btn-sm d-inline-flex align-items-center gap-1 ${primary ? 'btn-primary' : 'btn-light'}`}
        aria-label={t('catalogue.direct.open', { file })}
        title={t('catalogue.direct.title')}
        onClick={() => setOpen(true)}
      >
        <IconLink size={16} />
        {primary ? <span>{t('catalogue.direct.title')}</span> : null}
      </button>
      <Modal show={open} onHide={() => setOpen(false)} centered aria-labelledby={`direct-download-${fileId}`}>
        {open ? <DirectDownloadDialog fileId={fileId} file={file} onClose={() => setOpen(false)} /> : null}
      </Modal>
    </>
  );
}

function DirectDownloadDialog({
  fileId,
  file,
  onClose,
}: {
  fileId: number;
  file: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  // Never cached: each opening gets a link signed now, valid for the minutes the signature allows.
  const link = useQuery({
    queryKey: ['catalogue', 'direct-link', fileId],
    queryFn: () => getDownloadLink(fileId),
    gcTime: 0,
    staleTime: 0,
  });
  return (
    <>
      <Modal.Header closeButton closeLabel={t('catalogue.direct.close')}>
        <Modal.Title id={`direct-download-${fileId}`} as="h2" className="h5">
          {t('catalogue.direct.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="fw-semibold text-break mb-3">{file}</p>
        {link.isPending ? (
          <Spinner label={t('catalogue.direct.preparing')} className="text-primary" />
        ) : link.isError ? (
          <div className="alert alert-danger mb-0" role="alert">
            {apiErrorMessage(t, link.error, t('catalogue.errors.fileDownload'))}
          </div>
        ) : (
          <>
            <dl className="direct-download-facts mb-2">
              <dt>{t('catalogue.direct.size')}</dt>
              <dd>{formatBytes(link.data.size, i18n.language)}</dd>
              <dt>{t('catalogue.direct.sha256')}</dt>
              <dd>
                <code className="direct-download-hash">{link.data.sha256}</code>
              </dd>
            </dl>
            <p className="form-text mb-0">{t('catalogue.direct.checkHint')}</p>
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-light" onClick={onClose}>
          {t('catalogue.direct.close')}
        </button>
        {link.isSuccess ? (
          <a className="btn btn-primary" href={link.data.directUrl} download={file}>
            {t('catalogue.direct.download')}
          </a>
        ) : null}
      </Modal.Footer>
    </>
  );
}
