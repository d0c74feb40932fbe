import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconArrowUp } from '../../../components/ui/icons.tsx';

/** Spec §9: the button appears after 200 px and scrolls back up in 600 ms. */
export const SCROLL_TOP_OFFSET = 200;
export const SCROLL_TOP_SPEED_MS = 600;

function easeInOutCubic(progress: number): number {
  return progress < 0.5 ? 4 * progress ** 3 : 1 - (-2 * progress + 2) ** 3 / 2;
}

function scrollToTop(durationMs: number): void {
  const start = window.scrollY;
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo(0, 0);
    return;
  }
  const startedAt = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - startedAt) / durationMs);
    window.scrollTo(0, start * (1 - easeInOutCubic(progress)));
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

export function ScrollTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TOP_OFFSET);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="scrolltop"
      aria-label={t('scrollTop')}
      onClick={() => {
        scrollToTop(SCROLL_TOP_SPEED_MS);
        document.getElementById('main-content')?.focus({ preventScroll: true });
      }}
    >
      <IconArrowUp />
    </button>
  );
}
