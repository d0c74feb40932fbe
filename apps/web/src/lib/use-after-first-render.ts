import { useEffect, useState } from 'react';

/**
 * False in a component's first render, true from a task of its own after it. What a component
 * draws only then stays out of the page's first render, which a slow phone runs as one long task
 * (decision 153).
 */
export function useAfterFirstRender(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAfter(true));
    return () => clearTimeout(timer);
  }, []);
  return after;
}
