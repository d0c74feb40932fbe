import {
  createContext,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export interface Breadcrumb {
  title: string;
  path: string;
}

export interface PageData {
  title: string;
  breadcrumbs: Breadcrumb[];
}

interface PageDataContextValue {
  page: PageData | null;
  setPage: Dispatch<SetStateAction<PageData | null>>;
}

const PageDataContext = createContext<PageDataContextValue | null>(null);

/** The signed-in layout's toolbar shows the title and breadcrumbs the current page declares. */
export function PageDataProvider({ children }: { children: ReactNode }) {
  const [page, setPage] = useState<PageData | null>(null);
  const value = useMemo(() => ({ page, setPage }), [page]);
  return <PageDataContext value={value}>{children}</PageDataContext>;
}

export function usePageData(): PageData | null {
  return useContext(PageDataContext)?.page ?? null;
}

function isSamePage(a: PageData | null, b: PageData): boolean {
  return (
    a !== null &&
    a.title === b.title &&
    a.breadcrumbs.length === b.breadcrumbs.length &&
    a.breadcrumbs.every(
      (crumb, index) =>
        crumb.title === b.breadcrumbs[index]?.title && crumb.path === b.breadcrumbs[index]?.path,
    )
  );
}

/**
 * Declares the page's title (rendered as the toolbar's h1) and its breadcrumbs. Set before the
 * browser paints, so the toolbar is there in the page's first frame and never pushes it down.
 */
export function PageTitle({ children, breadcrumbs = [] }: { children: string; breadcrumbs?: Breadcrumb[] }) {
  const setPage = useContext(PageDataContext)?.setPage;
  useDocumentTitle(children);
  useLayoutEffect(() => {
    const next = { title: children, breadcrumbs };
    setPage?.((current) => (isSamePage(current, next) ? current : next));
  });
  useEffect(() => () => setPage?.(null), [setPage]);
  return null;
}
