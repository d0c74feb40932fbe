/** What a submit came to, in the server's words. */
export type Outcome = { ok: boolean; message: string };

/**
 * A submit's outcome: green and announced politely when it worked, red and announced at once when
 * it did not. Renders nothing before the first outcome.
 */
export function OutcomeAlert({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return (
    <div
      className={`alert ${outcome.ok ? 'alert-success' : 'alert-danger'}`}
      role={outcome.ok ? 'status' : 'alert'}
    >
      {outcome.message}
    </div>
  );
}
