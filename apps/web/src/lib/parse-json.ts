import type { z } from 'zod';

/** `text` read as JSON that `schema` accepts, or `fallback` when it is missing, unparsable or of another shape. */
export function parseJsonOr<Value>(
  schema: z.ZodType<Value>,
  text: string | null | undefined,
  fallback: Value,
): Value {
  if (!text) return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}
