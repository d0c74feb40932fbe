import { useTranslation } from 'react-i18next';

export function SubmitButton({
  label,
  busy,
  disabled,
}: {
  label: string;
  busy: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="btn btn-primary" disabled={busy || disabled}>
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
