import { useEffect, useRef } from 'react';

/** Spec §9 "resize debounce 200 ms": the layout reacts once the window has kept its size this long. */
export const RESIZE_DEBOUNCE_MS = 200;

/**
 * Calls `onSettled` with the window's width once resizing has paused for RESIZE_DEBOUNCE_MS: a
 * drag across a breakpoint fires dozens of resize events, and the layout should change once.
 */
export function useResizeSettled(onSettled: (width: number) => void): void {
  const latest = useRef(onSettled);
  latest.current = onSettled;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(window.innerWidth), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
}
