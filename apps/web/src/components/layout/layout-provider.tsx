import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  applyLayoutConfig,
  type LayoutConfig,
  readLayoutConfig,
  removeLayoutBodyClasses,
  saveLayoutConfig,
} from '../../lib/layout-config.ts';
import { showSplashScreenBriefly } from '../../lib/splash-screen.ts';
import { setDarkSkinEnabled } from '../../lib/theme-mode.ts';

interface LayoutContextValue {
  config: LayoutConfig;
  setLayout: (config: LayoutConfig) => void;
}

const LayoutContext = createContext<LayoutContextValue | null>(null);

/** Spec §2: the stored layout is read at start; a change reapplies it, saves it and flashes the splash. */
export function LayoutProvider({ children }: { children: ReactNode }) {
  const [config, setConfig] = useState(() => readLayoutConfig(localStorage));
  const changedByUser = useRef(false);

  useEffect(() => {
    applyLayoutConfig(document.body, config);
    setDarkSkinEnabled(config.main.darkSkinEnabled);
    const hideSplash = changedByUser.current ? showSplashScreenBriefly() : null;
    changedByUser.current = false;
    return () => {
      hideSplash?.();
      removeLayoutBodyClasses(document.body, config);
    };
  }, [config]);

  const setLayout = useCallback((next: LayoutConfig) => {
    saveLayoutConfig(localStorage, next);
    changedByUser.current = true;
    setConfig(next);
  }, []);

  const value = useMemo(() => ({ config, setLayout }), [config, setLayout]);
  return <LayoutContext value={value}>{children}</LayoutContext>;
}

export function useLayout(): LayoutContextValue {
  const value = useContext(LayoutContext);
  if (!value) throw new Error('useLayout must be used inside LayoutProvider');
  return value;
}
