import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal.tsx';

/** A button that asks before a destructive or irreversible action. */
export function ConfirmButton({
  label,
  title,
  text,
  confirmLabel,
  onConfirm,
  busy = false,
  variant = 'danger',
  size,
  icon,
}: {
  label: string;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  variant?: 'danger' | 'primary' | 'warning';
  size?: 'sm';
  icon?: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = `confirm-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <>
      <button
        type="button"
        className={`btn btn-outline-${variant}${size ? ` btn-${size}` : ''}`}
        disabled={busy}
        onClick={() => setOpen(true)}
      >
        {icon}
        {label}
      </button>
      <Modal show={open} onHide={() => setOpen(false)} centered aria-labelledby={titleId}>
        <Modal.Header closeButton closeLabel={t('dialog.cancel')}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">{text}</p>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
            {t('dialog.cancel')}
          </button>
          <button
            type="button"
            className={`btn btn-${variant}`}
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {confirmLabel}
          </button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
