/** A Postgres unique violation on the named index (both drivers put its name in the message). */
export function isUniqueViolation(error: unknown, indexName: string): boolean {
  return error instanceof Error && error.message.includes(indexName);
}
