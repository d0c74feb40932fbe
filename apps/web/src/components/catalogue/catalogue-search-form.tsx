import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The catalogue's search box: a labelled search field and its button; the page owns the draft text. */
export function CatalogueSearchForm({
  label,
  draft,
  onDraftChange,
  onSearch,
  className,
}: {
  label: string;
  draft: string;
  onDraftChange: (draft: string) => void;
  onSearch: () => void;
  className: string;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form className={`d-flex gap-2 ${className}`} onSubmit={submit}>
      <input
        type="search"
        className="form-control"
        aria-label={label}
        placeholder={label}
        value={draft}
        maxLength={100}
        onChange={(event) => onDraftChange(event.target.value)}
      />
      <button type="submit" className="btn btn-primary">
        {t('catalogue.searchButton')}
      </button>
    </form>
  );
}
