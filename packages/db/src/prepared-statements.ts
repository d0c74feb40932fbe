/**
 * How many prepared statements one database session keeps, in both dialects: bounded so a stream
 * of distinct SQL texts cannot grow the session's memory in the database without end.
 */
export const MAX_PREPARED_STATEMENTS = 500;

/** `cached plan must not change result type`: a prepared statement outlived a schema change. */
export function isStalePlan(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '0A000';
}
