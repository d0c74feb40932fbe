/** Spec §2: the splash screen is shown again for 500 ms when the layout changes. */
export const SPLASH_RESHOW_MS = 500;
const LOADING_CLASS = 'page-loading';

export function hideSplashScreen(): void {
  document.body.classList.remove(LOADING_CLASS);
}

/** Shows the splash and hides it after `durationMs`; the returned function hides it at once. */
export function showSplashScreenBriefly(durationMs = SPLASH_RESHOW_MS): () => void {
  document.body.classList.add(LOADING_CLASS);
  const timer = setTimeout(hideSplashScreen, durationMs);
  return () => {
    clearTimeout(timer);
    hideSplashScreen();
  };
}
