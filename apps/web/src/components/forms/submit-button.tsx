import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/spinner.tsx';

/** A form's submit button: disabled and saying "Please wait…" while the form is being sent. */
export function SubmitButton({
  label,
  busy,
  disabled,
  className = 'btn btn-primary',
}: {
  label: string;
  busy: boolean;
  disabled?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <button type="submit" className={className} disabled={busy || disabled}>
      {busy ? (
        <>
          <Spinner small className="me-2" />
          {t('auth.login.pleaseWait')}
        </>
      ) : (
        label
      )}
    </button>
  );
}
