import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureDetails } from '../../../components/ui/failure-details.tsx';
import { IconFolder } from '../../../components/ui/icons.tsx';
import { type FailureText, helperFailure, helperFailureMessage } from '../../../lib/helper-failure.ts';
import { notify } from '../../../lib/notify.ts';
import { useDownloadFolder, useSetDownloadFolder } from '../api/helper-downloads.ts';

/** Where the helper saves downloads (`/general/getDownloadFolder`), and a form to change it. */
export function DownloadFolderCard() {
  const { t } = useTranslation();
  const folder = useDownloadFolder();
  const setFolder = useSetDownloadFolder();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<FailureText | null>(null);
  const inputId = useId();
  const problemId = useId();

  const save = (event: FormEvent) => {
    event.preventDefault();
    const path = draft?.trim() ?? '';
    if (path === '') {
      setProblem({ message: helperFailureMessage(t, 'folderNotSelected'), details: null });
      return;
    }
    setFolder.mutate(path, {
      onSuccess: () => {
        setDraft(null);
        setProblem(null);
        notify(t('downloads.folder.saved'), 'success');
      },
      onError: (error) => setProblem(helperFailure(t, 'folderNotSelected', error)),
    });
  };

  return (
    <section className="card mb-4" aria-labelledby="download-folder-title">
      <div className="card-body d-flex flex-wrap align-items-center gap-3">
        <IconFolder size={24} className="text-primary flex-shrink-0" />
        <div className="flex-grow-1 min-w-0">
          <h2 id="download-folder-title" className="h6 mb-1">
            {t('downloads.folder.title')}
          </h2>
          {folder.isError ? (
            <div className="text-danger" role="alert">
              {helperFailureMessage(t, 'loadFolder')}
              <FailureDetails details={helperFailure(t, 'loadFolder', folder.error).details} />
            </div>
          ) : folder.isPending ? (
            <span className="text-body-secondary">{t('downloads.loading')}</span>
          ) : folder.data === '' ? (
            <div className="text-warning-emphasis" role="alert">
              {helperFailureMessage(t, 'folderNotSelected')}
            </div>
          ) : (
            <code className="download-folder-path" data-testid="download-folder">
              {folder.data}
            </code>
          )}
        </div>
        {draft === null ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            disabled={!folder.isSuccess}
            onClick={() => setDraft(folder.data ?? '')}
          >
            {t('downloads.folder.change')}
          </button>
        ) : null}
      </div>
      {draft !== null ? (
        <form className="card-body border-top" onSubmit={save} noValidate>
          <label htmlFor={inputId} className="form-label">
            {t('downloads.folder.label')}
          </label>
          <input
            id={inputId}
            className={`form-control${problem ? ' is-invalid' : ''}`}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            aria-describedby={problem ? problemId : undefined}
            aria-invalid={problem ? true : undefined}
            spellCheck={false}
            autoComplete="off"
          />
          {problem ? (
            <div id={problemId} className="invalid-feedback d-block" role="alert">
              {problem.message}
              <FailureDetails details={problem.details} />
            </div>
          ) : (
            <div className="form-text">{t('downloads.folder.hint')}</div>
          )}
          <div className="d-flex gap-2 mt-3">
            <button type="submit" className="btn btn-primary btn-sm" disabled={setFolder.isPending}>
              {t('downloads.folder.save')}
            </button>
            <button
              type="button"
              className="btn btn-light btn-sm"
              onClick={() => {
                setDraft(null);
                setProblem(null);
              }}
            >
              {t('downloads.cancel')}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
