type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };

/**
 * Turns a lookup of many keys into a lookup of one key whose calls are gathered into batches:
 * every call made before the event loop next reaches its check phase joins one call of `fetchMany`.
 * Under load a whole burst of requests (everything one poll phase read from the sockets) then
 * costs one database round trip instead of one each, and every caller still gets an answer from
 * a query that started after it asked — nothing is served from a cache.
 */
export function batchedLookup<K, V>(
  fetchMany: (keys: K[]) => Promise<Map<K, V>>,
): (key: K) => Promise<V | undefined> {
  let pending: Map<K, Waiter<V>[]> | null = null;

  const dispatch = async (batch: Map<K, Waiter<V>[]>) => {
    try {
      const found = await fetchMany([...batch.keys()]);
      for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!pending) {
        const batch = new Map<K, Waiter<V>[]>();
        pending = batch;
        setImmediate(() => {
          pending = null;
          void dispatch(batch);
        });
      }
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
    });
}

/**
 * Objects many replies hold at once, so none may change them: the answers of `sharedReads`, and
 * the answers built from a user the session cache keeps (decision 156).
 */
const sharedAnswers = new WeakSet<object>();

/** Marks `answer` as one many replies share, which the serializer writes to JSON once. */
export function shareAnswer<T extends object>(answer: T): T {
  sharedAnswers.add(answer);
  return answer;
}

/**
 * Whether `value` is a shared answer (`shareAnswer`), which the response serializer writes once for
 * all the replies that hold it.
 */
export function isSharedAnswer(value: unknown): value is object {
  return typeof value === 'object' && value !== null && sharedAnswers.has(value);
}

/**
 * Identical reads asked for in one event-loop turn share one read, which starts once the turn's
 * requests have all asked: fifty connections polling the same page cost one query, and every
 * caller still gets an answer from a read that started after it asked. The key names the read
 * completely (who asks and for what), so any caller's `read` for it gives the same answer.
 * Distinct keys run side by side, each settling its own callers. The answer is one object for all
 * its callers: read-only, and written to JSON once (see `isSharedAnswer`).
 */
export function sharedReads<V>(): (key: string, read: () => Promise<V>) => Promise<V> {
  let pending: Map<string, Promise<V>> | null = null;
  return (key, read) => {
    if (!pending) {
      const turn = new Map<string, Promise<V>>();
      pending = turn;
      setImmediate(() => {
        pending = null;
      });
    }
    let shared = pending.get(key);
    if (!shared) {
      shared = new Promise<void>((resolve) => setImmediate(resolve)).then(read).then((answer) => {
        if (typeof answer === 'object' && answer !== null) shareAnswer(answer);
        return answer;
      });
      pending.set(key, shared);
    }
    return shared;
  };
}
