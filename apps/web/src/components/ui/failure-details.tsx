import { useTranslation } from 'react-i18next';

/** The technical words behind a failure (the helper's reason), folded away under "Details". */
export function FailureDetails({ details }: { details: string | null | undefined }) {
  const { t } = useTranslation();
  if (!details) return null;
  return (
    <details className="small mt-1">
      <summary>{t('errors.details')}</summary>
      <span className="text-break">{details}</span>
    </details>
  );
}
