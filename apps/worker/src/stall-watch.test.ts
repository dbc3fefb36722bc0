import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchDatabase } from './stall-watch.ts';

afterEach(() => vi.useRealTimers());

describe('the worker watching its database', () => {
  it('calls a stall once the database has not answered for the whole bound, not before', async () => {
    vi.useFakeTimers();
    let up = true;
    const onStall = vi.fn();
    const watch = watchDatabase({ ping: async () => up, stallMs: 60_000, intervalMs: 5_000, onStall });
    await vi.advanceTimersByTimeAsync(20_000);
    up = false;
    // A blip shorter than the bound: the next answer resets the clock.
    await vi.advanceTimersByTimeAsync(40_000);
    up = true;
    await vi.advanceTimersByTimeAsync(5_000);
    up = false;
    await vi.advanceTimersByTimeAsync(55_000);
    expect(onStall).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onStall).toHaveBeenCalledTimes(1);
    expect(onStall.mock.calls[0]![0]).toBeGreaterThanOrEqual(60_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onStall).toHaveBeenCalledTimes(1);
    watch.stop();
  });

  it('counts a ping that throws as no answer, and stops watching when told', async () => {
    vi.useFakeTimers();
    const onStall = vi.fn();
    const watch = watchDatabase({
      ping: () => Promise.reject(new Error('connect ECONNREFUSED')),
      stallMs: 10_000,
      intervalMs: 1_000,
      onStall,
    });
    await vi.advanceTimersByTimeAsync(5_000);
    watch.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(onStall).not.toHaveBeenCalled();
  });
});
