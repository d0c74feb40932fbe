import type { DownloadItem } from '@benchside/contracts/helper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';

/** Asks before a download is forgotten, and whether its files go too (`/downloads/remove` withData). */
export function RemoveDownloadModal({
  download,
  pending,
  onConfirm,
  onClose,
}: {
  download: DownloadItem | null;
  pending: boolean;
  onConfirm: (withData: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [withData, setWithData] = useState(false);
  return (
    <Modal
      show={download !== null}
      onHide={onClose}
      onExited={() => setWithData(false)}
      centered
      aria-labelledby="remove-download-title"
    >
      <Modal.Header closeButton closeLabel={t('downloads.cancel')}>
        <Modal.Title id="remove-download-title" as="h2" className="h5">
          {t('downloads.remove.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('downloads.remove.question', { name: download?.name ?? '' })}</p>
        <div className="form-check">
          <input
            id="remove-download-with-data"
            type="checkbox"
            className="form-check-input"
            checked={withData}
            onChange={(event) => setWithData(event.target.checked)}
          />
          <label className="form-check-label" htmlFor="remove-download-with-data">
            {t('downloads.remove.withData')}
          </label>
        </div>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-light" onClick={onClose}>
          {t('downloads.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={pending}
          onClick={() => onConfirm(withData)}
        >
          {t('downloads.remove.confirm')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
