import { describe, expect, it, vi } from 'vitest';
import { startUnlessClosing } from './start-unless-closing.ts';

const service = () => ({ stop: vi.fn(async (_options?: { deadlineMs?: number }) => {}) });

describe('a background service started while the server may be closing', () => {
  it('runs when nothing is closing', async () => {
    const started = service();
    expect(
      await startUnlessClosing(
        () => false,
        async () => started,
      ),
    ).toBe(started);
    expect(started.stop).not.toHaveBeenCalled();
  });

  it('is stopped at once when closing began while it was starting', async () => {
    let closing = false;
    const started = service();
    const result = await startUnlessClosing(
      () => closing,
      async () => {
        closing = true;
        return started;
      },
    );
    expect(result).toBeUndefined();
    expect(started.stop).toHaveBeenCalledWith({ deadlineMs: 0 });
  });

  it('is never started when closing began before', async () => {
    const start = vi.fn(async () => service());
    expect(await startUnlessClosing(() => true, start)).toBeUndefined();
    expect(start).not.toHaveBeenCalled();
  });
});
