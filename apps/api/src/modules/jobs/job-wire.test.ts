import { JobWire } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { wireStanding } from './job-wire.ts';

describe("a job's standing on the wire", () => {
  it('carries the wait in whole seconds, a wait under a second as one', () => {
    const refundAt = new Date('2026-11-26T12:00:00Z');
    expect(wireStanding({ position: 2, waitSeconds: 0.3, refundAt })).toEqual({
      position: 2,
      waitSeconds: 1,
      refundAt: '2026-11-26T12:00:00.000Z',
    });
    expect(wireStanding({ position: 0, waitSeconds: 41.2 }).waitSeconds).toBe(42);
    expect(wireStanding({ position: 0 })).toEqual({ position: 0 });
  });

  it('fits the wire schema of a job', () => {
    const shape = JobWire.shape;
    expect(
      shape.waitSeconds.safeParse(wireStanding({ position: 1, waitSeconds: 12.7 }).waitSeconds).success,
    ).toBe(true);
  });
});
