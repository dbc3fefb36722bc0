import { describe, expect, it } from 'vitest';
import { estimateWaitSeconds, refundAt, retryDelaySeconds } from './queue-estimate.ts';

describe('estimateWaitSeconds', () => {
  it('gives no guess before the family has finished a job', () => {
    expect(estimateWaitSeconds({ position: 3, slots: 2, runningElapsedSeconds: [], meanSeconds: null })).toBe(
      undefined,
    );
  });

  it('starts at once on a free slot', () => {
    expect(estimateWaitSeconds({ position: 0, slots: 2, runningElapsedSeconds: [5], meanSeconds: 10 })).toBe(
      0,
    );
  });

  it('waits for the running job closest to its end when every slot is busy', () => {
    // Two slots, jobs running for 2 s and 7 s of a 10 s mean: the second frees in 3 s.
    expect(
      estimateWaitSeconds({ position: 0, slots: 2, runningElapsedSeconds: [2, 7], meanSeconds: 10 }),
    ).toBe(3);
  });

  it('follows R_(p mod S) + floor(p / S) × mean for p jobs ahead', () => {
    const snapshot = { slots: 2, runningElapsedSeconds: [2, 7], meanSeconds: 10 };
    // Remaining 3 s and 8 s.
    expect(estimateWaitSeconds({ ...snapshot, position: 1 })).toBe(8);
    expect(estimateWaitSeconds({ ...snapshot, position: 2 })).toBe(13);
    expect(estimateWaitSeconds({ ...snapshot, position: 3 })).toBe(18);
    expect(estimateWaitSeconds({ ...snapshot, position: 20 })).toBe(3 + 10 * 10);
  });

  it('counts a job running past the mean as about to end', () => {
    expect(estimateWaitSeconds({ position: 0, slots: 1, runningElapsedSeconds: [30], meanSeconds: 10 })).toBe(
      0,
    );
  });

  it('takes the most recently started running jobs as those on the slots, never more than slots', () => {
    // One slot: the job started 30 s ago has its answer and is storing its outputs; the slot is
    // already at the one started a second ago.
    expect(
      estimateWaitSeconds({ position: 0, slots: 1, runningElapsedSeconds: [30, 1], meanSeconds: 10 }),
    ).toBe(9);
  });

  it('falls as the queue drains', () => {
    const waits = [20, 15, 10, 5, 0].map((position) =>
      estimateWaitSeconds({ position, slots: 4, runningElapsedSeconds: [0, 0, 0, 0], meanSeconds: 1 }),
    );
    expect(waits).toEqual([6, 4, 3, 2, 1]);
  });

  it('grows with the share of the slots that later arrivals dispatched first take', () => {
    const snapshot = { position: 8, slots: 4, runningElapsedSeconds: [0, 0, 0, 0], meanSeconds: 2 };
    expect(estimateWaitSeconds(snapshot)).toBe(6);
    // One every two seconds on 4 slots of 2 s each: a quarter of them.
    expect(estimateWaitSeconds({ ...snapshot, aheadArrivalsPerSecond: 0.5 })).toBe(8);
    expect(estimateWaitSeconds({ ...snapshot, aheadArrivalsPerSecond: 1 })).toBe(12);
  });

  it('expects that pace for as long as it was seen, at most', () => {
    const snapshot = { position: 8, slots: 4, runningElapsedSeconds: [0, 0, 0, 0], meanSeconds: 2 };
    // Seen over 20 s: the whole wait of W₀ / (1 − ρ) = 12 s is within it.
    expect(
      estimateWaitSeconds({ ...snapshot, aheadArrivalsPerSecond: 1, aheadArrivalsOverSeconds: 20 }),
    ).toBe(12);
    // Seen over 4 s: half the slots for 4 s more, then the queue as it is.
    expect(estimateWaitSeconds({ ...snapshot, aheadArrivalsPerSecond: 1, aheadArrivalsOverSeconds: 4 })).toBe(
      8,
    );
    // A pace beyond the slots (ρ = 5) is still bounded by the time it was seen.
    expect(
      estimateWaitSeconds({ ...snapshot, aheadArrivalsPerSecond: 10, aheadArrivalsOverSeconds: 4 }),
    ).toBe(26);
    // The two rules meet where W₀ / (1 − ρ) = T.
    expect(
      estimateWaitSeconds({ ...snapshot, aheadArrivalsPerSecond: 1, aheadArrivalsOverSeconds: 12 }),
    ).toBe(12);
  });

  it('grows linearly past the simulated jobs ahead', () => {
    const wait = estimateWaitSeconds({
      position: 100_000,
      slots: 4,
      runningElapsedSeconds: [],
      meanSeconds: 2,
    });
    expect(wait).toBe(50_000);
  });
});

describe('refundAt', () => {
  const start = new Date('2026-01-01T00:00:00Z');
  it('adds every attempt still to come, each a deadline long, and the backoff between them', () => {
    // Three attempts of 180 s with 2 s and 4 s between them.
    expect(refundAt({ start, deadlineSeconds: 180, retryLimit: 2, attemptsBegun: 0 })).toEqual(
      new Date(start.getTime() + (180 * 3 + 2 + 4) * 1000),
    );
    expect(refundAt({ start, deadlineSeconds: 180, retryLimit: 2, attemptsBegun: 3 })).toEqual(
      new Date(start.getTime() + 180 * 1000),
    );
    expect(refundAt({ start, deadlineSeconds: 60, retryLimit: 0, attemptsBegun: 1 })).toEqual(
      new Date(start.getTime() + 60 * 1000),
    );
  });
  it('caps the backoff at two minutes', () => {
    expect(retryDelaySeconds(1)).toBe(2);
    expect(retryDelaySeconds(7)).toBe(120);
  });
});
