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

/** A value still to visit, linked to its parent so a pointer is only built for a hit. */
interface Visit {
  value: unknown;
  /** The object key or array index under which the parent holds this value. */
  key?: string | number;
  parent?: Visit;
}

function pointerOf(visit: Visit): string {
  const segments: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) {
    segments.push(String(at.key).replaceAll('~', '~0').replaceAll('/', '~1'));
  }
  return segments
    .reverse()
    .map((segment) => `/${segment}`)
    .join('');
}

/**
 * The first string, value or object key, of a parsed request part (body, query, params) that
 * PostgreSQL cannot store: it refuses U+0000 in text, and a lone surrogate is not Unicode at all.
 * Walks with its own stack so that a deeply nested body cannot overflow the call stack.
 */
export function findUnstorableText(part: unknown): UnstorableText | undefined {
  const pending: Visit[] = [{ value: part }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value, key } = visit;
    const message =
      (typeof key === 'string' ? problemOf(key) : undefined) ??
      (typeof value === 'string' ? problemOf(value) : undefined);
    if (message) return { pointer: pointerOf(visit), message };
    // Children are pushed last first, so they are visited in document order.
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) {
        pending.push({ value: value[index], key: index, parent: visit });
      }
    } else if (typeof value === 'object' && value !== null) {
      const fields = Object.entries(value as Record<string, unknown>);
      for (const [childKey, child] of fields.reverse()) {
        pending.push({ value: child, key: childKey, parent: visit });
      }
    }
  }
  return undefined;
}
