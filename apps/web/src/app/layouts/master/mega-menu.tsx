import {
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconChevronRight } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useBrands, useSofts } from '../../../lib/catalogue-api.ts';
import './mega-menu.scss';

/** Spec §9 "menu hover 200 ms": how long the pointer rests on (or leaves) the menu before it opens (or closes). */
export const MENU_HOVER_DELAY_MS = 200;
const TOP_BRANDS_SHOWN = 8;
const TOOLS_SHOWN = 6;

/** The brands with the most models first (ties by name), as many as the menu shows. */
export function topBrands<Brand extends { brand: string; models: number }>(
  brands: readonly Brand[],
): Brand[] {
  return [...brands]
    .sort((a, b) => b.models - a.models || a.brand.localeCompare(b.brand, 'en'))
    .slice(0, TOP_BRANDS_SHOWN);
}

type OpenedBy = 'hover' | 'click' | 'keyboard';

const linksIn = (panel: HTMLElement | null) => [
  ...(panel?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? []),
];

/**
 * Spec §2 mega menu: the top brands with their model counts, each opening its models on
 * /firmwares, and the tools. Opens when the pointer rests on it for 200 ms, on click, and by
 * keyboard (Enter, Space or ArrowDown on its button); arrows move through its links and Escape
 * closes it, focus back on the button.
 */
export function MegaMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  // The catalogue is asked for once someone reaches for the menu, not on every page.
  const [wanted, setWanted] = useState(false);
  const openedBy = useRef<OpenedBy | null>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusFirstOnOpen = useRef(false);
  const brands = useBrands(wanted);
  const tools = useSofts(wanted);

  const show = (by: OpenedBy) => {
    clearTimeout(hoverTimer.current);
    setWanted(true);
    openedBy.current = by;
    setOpen(true);
  };
  const hide = (returnFocus = false) => {
    clearTimeout(hoverTimer.current);
    openedBy.current = null;
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  // A pointer press anywhere else closes it, as the other header dropdowns do.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (rootRef.current?.contains(event.target as Node)) return;
      openedBy.current = null;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // Opened with ArrowDown: focus goes to its first link once the links are there. A layout effect,
  // so the focus moves with the render: Preact runs plain effects a frame later, and a second
  // ArrowDown typed within it would reach the button instead of the first link.
  const firstLinkReady = brands.isSuccess || tools.isSuccess;
  useLayoutEffect(() => {
    if (open && focusFirstOnOpen.current && firstLinkReady) {
      focusFirstOnOpen.current = false;
      linksIn(panelRef.current)[0]?.focus();
    }
  }, [open, firstLinkReady]);

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    setWanted(true);
    clearTimeout(hoverTimer.current);
    if (!open) hoverTimer.current = setTimeout(() => show('hover'), MENU_HOVER_DELAY_MS);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    clearTimeout(hoverTimer.current);
    if (open && openedBy.current === 'hover')
      hoverTimer.current = setTimeout(() => hide(), MENU_HOVER_DELAY_MS);
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusFirstOnOpen.current = true;
      if (open) linksIn(panelRef.current)[0]?.focus();
      else show('keyboard');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      hide(true);
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent) => {
    const all = linksIn(panelRef.current);
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const moveTo = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      hide(true);
    } else if (event.key === 'ArrowDown') moveTo(at + 1);
    else if (event.key === 'ArrowUp') moveTo(at - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(all.length - 1);
  };

  const navigated = () => {
    hide();
    onNavigate?.();
  };

  return (
    <li
      ref={rootRef}
      className="menu-item mega-menu"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={(event) =>
        event.target === buttonRef.current ? onButtonKeyDown(event) : onPanelKeyDown(event)
      }
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) hide();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`menu-link mega-menu-toggle${open ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          // A click on a menu the pointer just opened keeps it open: the user reached for it.
          if (!open || openedBy.current === 'hover') show('click');
          else hide();
        }}
      >
        <span>{t('megaMenu.label')}</span>
        <IconChevronRight size={14} className="mega-menu-caret" />
      </button>
      <div ref={panelRef} id={panelId} className="mega-menu-panel" hidden={!open}>
        <div className="mega-menu-column">
          <p id={`${panelId}-brands`} className="mega-menu-heading">
            {t('megaMenu.topBrands')}
          </p>
          {brands.isPending ? (
            <Spinner small label={t('catalogue.loading')} className="text-primary" />
          ) : null}
          {brands.isError ? <p className="text-danger small mb-0">{t('catalogue.loadError')}</p> : null}
          {brands.data ? (
            <ul className="mega-menu-list" aria-labelledby={`${panelId}-brands`}>
              {topBrands(brands.data.brands).map(({ brand, models }) => (
                <li key={brand}>
                  <Link
                    to={`/firmwares?${new URLSearchParams({ brand })}`}
                    className="mega-menu-link"
                    onClick={navigated}
                  >
                    <span className="text-truncate">{brand}</span>
                    <span className="mega-menu-count">{t('megaMenu.models', { count: models })}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <Link to="/firmwares" className="mega-menu-all" onClick={navigated}>
            {t('megaMenu.allFirmwares')}
          </Link>
          <Link to="/supported-models" className="mega-menu-all d-block" onClick={navigated}>
            {t('menu.supportedModels')}
          </Link>
        </div>
        <div className="mega-menu-column">
          <p id={`${panelId}-tools`} className="mega-menu-heading">
            {t('menu.tools')}
          </p>
          {tools.isPending ? <Spinner small label={t('catalogue.loading')} className="text-primary" /> : null}
          {tools.isError ? <p className="text-danger small mb-0">{t('catalogue.loadError')}</p> : null}
          {tools.data ? (
            <ul className="mega-menu-list" aria-labelledby={`${panelId}-tools`}>
              {tools.data.member.slice(0, TOOLS_SHOWN).map((tool) => (
                <li key={tool.name}>
                  <Link to="/tools" className="mega-menu-link" onClick={navigated}>
                    <span className="text-truncate">{tool.name}</span>
                    <span className="mega-menu-count">{tool.version}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <Link to="/tools" className="mega-menu-all" onClick={navigated}>
            {t('megaMenu.allTools')}
          </Link>
        </div>
      </div>
    </li>
  );
}
