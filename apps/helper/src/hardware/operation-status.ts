import { randomUUID } from 'node:crypto';
import type { OperationStatus } from '@benchside/contracts/helper';
import type { ProgressReporter } from './card-reader-driver.ts';

type Operation = {
  messages: string[];
  delivered: number;
  done: boolean;
  error: string | null;
  finishedAt: number | null;
};

const DEFAULT_RETENTION_MS = 10 * 60_000;
const MAX_OPERATIONS = 500;

/**
 * Long operations (card firmware updates, activations, installs) run in the background and leave
 * their progress here. A finished operation is kept for a while so a page that polls late still
 * sees how it ended; old ones are dropped on the next use, so no timer keeps the process alive.
 */
export class OperationStatusRegistry {
  readonly #operations = new Map<string, Operation>();
  readonly #retentionMs: number;
  readonly #now: () => number;

  constructor(options: { retentionMs?: number; now?: () => number } = {}) {
    this.#retentionMs = options.retentionMs ?? DEFAULT_RETENTION_MS;
    this.#now = options.now ?? Date.now;
  }

  /** Starts `task` without waiting for it and answers the id to poll. */
  start(task: (report: ProgressReporter) => Promise<unknown>): string {
    this.#prune();
    const id = randomUUID();
    const operation: Operation = { messages: [], delivered: 0, done: false, error: null, finishedAt: null };
    this.#operations.set(id, operation);
    const report: ProgressReporter = (message) => {
      if (!operation.done) operation.messages.push(message);
    };
    const finish = (error: string | null) => {
      operation.done = true;
      operation.error = error;
      operation.finishedAt = this.#now();
    };
    // A task that throws synchronously must end up as a failed operation, not an exception here.
    Promise.resolve()
      .then(() => task(report))
      .then(
        () => finish(null),
        (error: unknown) => finish(error instanceof Error ? error.message : 'The operation failed'),
      );
    return id;
  }

  /**
   * Messages not yet returned by an earlier call, or every message with `allMessages`; undefined
   * for an unknown (or long finished) id.
   */
  get(id: string, allMessages = false): OperationStatus | undefined {
    this.#prune();
    const operation = this.#operations.get(id);
    if (!operation) return undefined;
    const messages = operation.messages.slice(allMessages ? 0 : operation.delivered);
    operation.delivered = operation.messages.length;
    return { id, messages, done: operation.done, error: operation.error };
  }

  #prune(): void {
    const now = this.#now();
    for (const [id, operation] of this.#operations) {
      if (operation.finishedAt !== null && now - operation.finishedAt > this.#retentionMs) {
        this.#operations.delete(id);
      }
    }
    // Bounded even if a caller starts operations faster than they finish: drop the oldest finished.
    for (const [id, operation] of this.#operations) {
      if (this.#operations.size <= MAX_OPERATIONS) break;
      if (operation.done) this.#operations.delete(id);
    }
  }
}
