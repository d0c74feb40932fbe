import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { apiErrorMessage, violationsOf } from '../../../lib/api-error-message.ts';
import { translateMessage } from '../../../lib/i18n.ts';

const FAILED = 'Something went wrong, please try again later.';
const REQUIRED = 'Password is required';

/** A change that the server makes only after the current password is typed again. */
export interface PasswordConfirmation {
  title: string;
  description: string;
  confirmLabel: string;
  /** Sends the change with the password; a rejection's message shows in the dialog. */
  confirm: (password: string) => Promise<unknown>;
  /** A refusal this change words itself (e.g. a social sign-in's reason); null for the default. */
  describeFailure?: (error: unknown) => string | null;
}

/**
 * Re-authentication before linking or unlinking a sign-in method or turning two-factor off
 * (issue 15): the current password, and the server's refusal shown beside it.
 */
export function ConfirmPasswordModal({
  confirmation,
  onClose,
}: {
  confirmation: PasswordConfirmation | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmation) return;
    if (!password) {
      setError(translateMessage(t, REQUIRED));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await confirmation.confirm(password);
      onClose();
    } catch (failure) {
      const onPassword = violationsOf(failure).find((violation) => violation.field === 'password');
      setError(
        confirmation.describeFailure?.(failure) ??
          (onPassword ? translateMessage(t, onPassword.message) : apiErrorMessage(t, failure, FAILED)),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      show={confirmation !== null}
      onHide={onClose}
      onExited={() => {
        setPassword('');
        setError(null);
      }}
      // The dialog exists to take this one field.
      onEntered={() => input.current?.focus()}
      centered
      aria-labelledby="confirm-password-title"
    >
      <form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel={t('account.reauth.cancel')}>
          <Modal.Title id="confirm-password-title" as="h2" className="h5">
            {confirmation?.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p id="confirm-password-description">{confirmation?.description}</p>
          <label htmlFor="confirm-password-input" className="form-label">
            {t('account.reauth.password')}
          </label>
          <input
            id="confirm-password-input"
            type="password"
            className={`form-control${error ? ' is-invalid' : ''}`}
            autoComplete="current-password"
            maxLength={50}
            ref={input}
            value={password}
            aria-invalid={error ? true : undefined}
            aria-describedby={
              error ? 'confirm-password-description confirm-password-error' : 'confirm-password-description'
            }
            onChange={(event) => setPassword(event.target.value)}
          />
          {error ? (
            <div id="confirm-password-error" className="invalid-feedback d-block" role="alert">
              {error}
            </div>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-light" onClick={onClose}>
            {t('account.reauth.cancel')}
          </button>
          <SubmitButton className="btn btn-primary" label={confirmation?.confirmLabel ?? ''} busy={busy} />
        </Modal.Footer>
      </form>
    </Modal>
  );
}
