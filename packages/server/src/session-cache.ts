import { EVERY_SESSION } from '@benchside/db/session-change-notices';

/**
 * Sessions looked up lately, kept by the one process of an embedded database and forgotten on the
 * database's notices that they may have changed (migration 0026, decision 156). Only live sessions
 * are kept, at most `capacity` of them, the oldest kept first to go.
 */
export class LookedUpSessions<Row> {
  readonly #rows = new Map<string, Row>();
  #notices = 0;

  constructor(private readonly capacity: number) {}

  /** Notices heard so far: what `keep` compares, so a read that began before a change is not kept. */
  get notices(): number {
    return this.#notices;
  }

  get(tokenHash: string): Row | undefined {
    return this.#rows.get(tokenHash);
  }

  /** Keeps a row read after `noticesBeforeRead` notices, unless another arrived during the read. */
  keep(tokenHash: string, row: Row, noticesBeforeRead: number): void {
    if (noticesBeforeRead !== this.#notices) return;
    setBounded(this.#rows, tokenHash, row, this.capacity);
  }

  /** A notice: the session of one token hash changed, or `EVERY_SESSION`. */
  forget(notice: string): void {
    this.#notices += 1;
    if (notice === EVERY_SESSION) this.#rows.clear();
    else this.#rows.delete(notice);
  }
}

/** Sets `key` in `map`, first letting its oldest entry go when it already holds `capacity` others. */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, capacity: number): void {
  if (map.size >= capacity && !map.has(key)) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}
