import { useTranslation } from 'react-i18next';

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
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('auth.login.pleaseWait')}
        </>
      ) : (
        label
      )}
    </button>
  );
}
