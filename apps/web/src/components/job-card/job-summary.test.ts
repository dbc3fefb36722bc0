import type { JobWire } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { jobRefundText, jobStatusText } from './job-summary.ts';

const queued = { status: 'queued', position: 4, progress: 0 } as JobWire;

describe('jobStatusText', () => {
  it('gives a queued job its place and, once the service has run jobs, about how long it will wait', () => {
    expect(jobStatusText(queued)).toBe('Waiting in the queue: position 5');
    expect(jobStatusText({ ...queued, waitSeconds: 12 })).toBe(
      'Waiting in the queue: position 5, about 15 seconds',
    );
    expect(jobStatusText({ ...queued, waitSeconds: 1 })).toBe(
      'Waiting in the queue: position 5, about 5 seconds',
    );
    expect(jobStatusText({ ...queued, waitSeconds: 100 })).toBe(
      'Waiting in the queue: position 5, about 2 minutes',
    );
    expect(jobStatusText({ ...queued, waitSeconds: 70 })).toBe(
      'Waiting in the queue: position 5, about 1 minute',
    );
  });

  it('names the relax and turbo lanes, and a job sent to relax for want of credits', () => {
    expect(jobStatusText({ ...queued, lane: 'fast' })).toBe('Waiting in the queue: position 5');
    expect(jobStatusText({ ...queued, lane: 'relax' })).toBe('Waiting in the queue (relax mode): position 5');
    expect(jobStatusText({ ...queued, lane: 'relax', autoRelaxed: true })).toBe(
      'Waiting in the queue (relax mode, out of credits): position 5',
    );
    expect(jobStatusText({ ...queued, status: 'running', progress: 0.5, lane: 'turbo' })).toBe(
      'Working on it (turbo mode): 50%',
    );
  });
});

describe('jobRefundText', () => {
  it('names the automatic refund time while the job is under way, and nothing after', () => {
    const refundAt = new Date(2026, 0, 1, 14, 5).toISOString();
    expect(jobRefundText({ ...queued, refundAt }, 'en-GB')).toBe(
      'Refunded automatically if not finished by 14:05.',
    );
    expect(jobRefundText({ ...queued, status: 'succeeded', refundAt })).toBeNull();
    expect(jobRefundText(queued)).toBeNull();
  });
});
