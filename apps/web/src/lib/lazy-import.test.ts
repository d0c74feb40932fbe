import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, importWithTimeout } from './lazy-import.ts';

describe('importWithTimeout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the spec timeout of 120000 ms', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('rejects with a ChunkLoadError when the chunk has not arrived in time', async () => {
    vi.useFakeTimers();
    const pending = importWithTimeout(() => new Promise<never>(() => undefined));
    const outcome = vi.fn();
    pending.catch(outcome);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(expect.any(ChunkLoadError));
  });

  it('turns a failed fetch into a ChunkLoadError carrying the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await importWithTimeout(() => Promise.reject(cause)).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ cause });
  });

  it('passes the module through when it arrives', async () => {
    await expect(importWithTimeout(() => Promise.resolve({ answer: 42 }))).resolves.toEqual({ answer: 42 });
  });
});
