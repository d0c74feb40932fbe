import type { SearchHit } from '@benchside/contracts/catalogue';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IconSearch } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { searchHitPath, usePostSearch } from '../api/post-search.ts';
import '../header-search.scss';

/** Typing pauses this long before the search is sent, so each keystroke is not a request. */
export const SEARCH_DEBOUNCE_MS = 250;

const NOT_TYPED_INTO = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/** "/" opens the search only where it would not be typed into a field. */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !NOT_TYPED_INTO.has(target.type);
}

function hitDetail(hit: SearchHit): string {
  if (hit.kind === 'article') return hit.article.category;
  const { brand, model, soft, version } = hit.file;
  return [brand, model, soft, version].filter(Boolean).join(' · ');
}

/**
 * Calls `onAsked` for every Ctrl+K (⌘K), or "/" outside a text field. The top bar listens from its
 * first render, before paint: the search itself is drawn a task later (decision 153), and a key
 * pressed the moment the page appears still opens it once it is there (decision 157).
 */
export function useSearchShortcut(onAsked: (() => void) | null): void {
  const latest = useRef(onAsked);
  latest.current = onAsked;
  const listening = onAsked !== null;
  useLayoutEffect(() => {
    if (!listening) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey) return;
      const commandK = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !isTextField(event.target);
      if (!commandK && !slash) return;
      event.preventDefault();
      latest.current?.();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [listening]);
}

/**
 * The header's search (issue 18): one box over firmwares, tools, files and knowledge-base articles
 * (`POST /forum/post-search`). Opens from its button, or at each press of its keys
 * (`useSearchShortcut`), counted in `asked`; the results are a listbox the arrows move through,
 * Enter opens one, Escape closes and gives focus back.
 */
export function HeaderSearch({ asked }: { asked: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-results`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(asked > 0);
  const [draft, setDraft] = useState('');
  const [active, setActive] = useState(-1);
  const text = useDebouncedValue(draft.trim(), SEARCH_DEBOUNCE_MS);
  const results = usePostSearch(open ? text : '');
  const hits = text === '' ? [] : (results.data?.member ?? []);

  // Each press of the search's keys opens it, or gives its field the focus back.
  useEffect(() => {
    if (asked === 0) return;
    setOpen(true);
    inputRef.current?.focus();
  }, [asked]);

  // The field has focus as soon as the dialog is there (the dialog's own focus runs before this).
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // New results: nothing is chosen until an arrow says so.
  useEffect(() => {
    if (results.data) setActive(-1);
  }, [results.data]);

  useEffect(() => {
    if (active >= 0) document.getElementById(`${listboxId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listboxId]);

  const close = () => setOpen(false);
  const openHit = (hit: SearchHit) => {
    close();
    setDraft('');
    navigate(searchHitPath(hit));
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (hits.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((current) => (current + 1) % hits.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current) => (current <= 0 ? hits.length - 1 : current - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = hits[Math.max(active, 0)];
      if (hit) openHit(hit);
    }
  };

  const hitAt = (event: { target: EventTarget }) => {
    const option = (event.target as HTMLElement).closest<HTMLElement>('[role="option"]');
    return option ? hits[Number(option.dataset.index)] : undefined;
  };

  let status = '';
  if (text !== '') {
    if (results.isFetching) status = t('search.searching');
    else if (results.isError) status = t('search.failed');
    else if (hits.length === 0) status = t('search.noResults', { text });
    else status = t('search.resultCount', { count: results.data?.totalItems ?? hits.length });
  }

  return (
    <>
      <button
        type="button"
        className="btn header-search-button"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K /"
        onClick={() => setOpen(true)}
      >
        <IconSearch size={18} />
        <span className="header-search-button-text">{t('search.open')}</span>
        {/* Said by aria-keyshortcuts; as visible text it would be read as part of the name. */}
        <span aria-hidden="true">
          <kbd className="header-search-shortcut">Ctrl K</kbd>
        </span>
      </button>
      <Modal
        show={open}
        onHide={close}
        animation={false}
        fullscreen="sm-down"
        dialogClassName="header-search-dialog"
        aria-labelledby={`${id}-title`}
      >
        <Modal.Header closeButton closeLabel={t('search.close')}>
          <Modal.Title id={`${id}-title`} as="h2" className="h6 mb-0">
            {t('search.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="header-search-body">
          <div className="header-search-field">
            <IconSearch size={18} />
            <input
              ref={inputRef}
              type="text"
              inputMode="search"
              enterKeyHint="search"
              className="form-control"
              role="combobox"
              aria-label={t('search.label')}
              aria-expanded={hits.length > 0}
              aria-controls={listboxId}
              aria-autocomplete="list"
              aria-activedescendant={active >= 0 ? `${listboxId}-${active}` : undefined}
              placeholder={t('search.placeholder')}
              autoComplete="off"
              spellCheck={false}
              maxLength={100}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onInputKeyDown}
            />
            {results.isFetching ? <Spinner small className="text-primary" /> : null}
          </div>
          <p className="header-search-status" role="status">
            {status}
          </p>
          <div
            id={listboxId}
            role="listbox"
            aria-label={t('search.results')}
            className="header-search-results"
            hidden={hits.length === 0}
            onClick={(event) => {
              const hit = hitAt(event);
              if (hit) openHit(hit);
            }}
            onKeyDown={(event) => {
              const hit = hitAt(event);
              if (hit && event.key === 'Enter') openHit(hit);
            }}
            onMouseMove={(event) => {
              const hit = hitAt(event);
              if (hit) setActive(hits.indexOf(hit));
            }}
          >
            {hits.map((hit, index) => (
              // Options are chosen from the field (aria-activedescendant) or by pointer, never tabbed to.
              <div
                key={`${hit.kind}-${hit.kind === 'article' ? hit.article.slug : hit.file.id}`}
                id={`${listboxId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                data-index={index}
                className={`header-search-hit${index === active ? ' active' : ''}`}
              >
                <span className={`header-search-kind kind-${hit.kind}`}>{t(`search.kinds.${hit.kind}`)}</span>
                <span className="header-search-title">{hit.title}</span>
                <span className="header-search-detail">{hitDetail(hit)}</span>
              </div>
            ))}
          </div>
        </Modal.Body>
      </Modal>
    </>
  );
}
