import type { JobWire } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { jobStatusText } from './job-summary.ts';

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
});
