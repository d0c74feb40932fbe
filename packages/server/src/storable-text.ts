export const NUL_MESSAGE = 'Must not contain the NUL character (U+0000)';
export const LONE_SURROGATE_MESSAGE = 'Must be valid Unicode text (a lone surrogate was found)';

// With the `u` flag a surrogate range only matches halves that are not part of a pair.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

function problemOf(text: string): string | undefined {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return LONE_SURROGATE_MESSAGE;
  return undefined;
}

/** A string PostgreSQL could not store, and where it sits (a JSON pointer into the part). */
export interface UnstorableText {
  pointer: string;
  message: string;
}

/**
 * The first string, value or object key, of a parsed request part (body, query, params) that
 * PostgreSQL cannot store: it refuses U+0000 in text, and a lone surrogate is not Unicode at all.
 * Walks with its own stack so that a deeply nested body cannot overflow the call stack.
 */
export function findUnstorableText(part: unknown): UnstorableText | undefined {
  const pending: Array<{ value: unknown; pointer: string; key?: string }> = [{ value: part, pointer: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, pointer, key } = next;
    const message =
      (key === undefined ? undefined : problemOf(key)) ??
      (typeof value === 'string' ? problemOf(value) : undefined);
    if (message) return { pointer, message };
    if (typeof value === 'object' && value !== null) {
      // Pushed last field first, so fields are visited in document order.
      for (const [childKey, child] of Object.entries(value).reverse()) {
        const escaped = childKey.replaceAll('~', '~0').replaceAll('/', '~1');
        pending.push({ value: child, pointer: `${pointer}/${escaped}`, key: childKey });
      }
    }
  }
  return undefined;
}
