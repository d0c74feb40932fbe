import { useEffect, useState } from 'react';

/**
 * Whether every one of a page's queries has answered (data or error) at least once. A page whose
 * sections each appear as their own answer arrives pushes the sections below down the screen
 * (a layout shift of 0.4–0.6 on the cards page on a phone); showing them together once all have
 * answered shifts nothing. Later page changes of one section stay that section's own affair.
 */
export function useFirstAnswers(queries: readonly { isPending: boolean }[]): boolean {
  const allAnswered = queries.every((query) => !query.isPending);
  const [answered, setAnswered] = useState(allAnswered);
  useEffect(() => {
    if (allAnswered) setAnswered(true);
  }, [allAnswered]);
  return answered || allAnswered;
}
