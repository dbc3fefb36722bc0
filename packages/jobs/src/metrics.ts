import { FAMILIES, type Family } from '@app/generation';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { QUEUE_NAMES, type JobQueue } from './queue.ts';

/**
 * The Prometheus metrics of one process (API or worker), served at `GET /metrics`. Each process
 * keeps its own registry: Prometheus scrapes every process and adds them up, so nothing here is
 * shared through the database except the queue depth, which every process reads the same.
 */
export interface Metrics {
  registry: Registry;
  /** One attempt of a job ended: `outcome` is succeeded, failed, cancelled or retried. */
  jobAttempt(values: { family: Family; provider: string; outcome: string; seconds: number }): void;
  /** A provider failed an attempt (retried or final), by its error code. */
  providerError(values: { provider: string; code: string }): void;
  /** One HTTP request answered, by its route pattern (never the raw URL: ids would explode the series). */
  httpRequest(values: { method: string; route: string; status: number; seconds: number }): void;
  /** Where the queue depth comes from; set once the queue is running. */
  watchQueue(queue: () => Promise<JobQueue> | JobQueue): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  let queueSource: (() => Promise<JobQueue> | JobQueue) | undefined;
  new Gauge({
    name: 'hypercreate_queue_jobs',
    help: 'Jobs in the queue per family: queued (waiting, including retries not yet due) and active (running)',
    labelNames: ['family', 'state'],
    registers: [registry],
    async collect() {
      if (!queueSource) return;
      const queue = await queueSource();
      for (const family of FAMILIES) {
        const [stats] = await queue.boss.getQueueStats(QUEUE_NAMES[family]).catch(() => []);
        if (!stats) continue;
        this.set({ family, state: 'queued' }, stats.queuedCount);
        this.set({ family, state: 'active' }, stats.activeCount);
      }
    },
  });
  const durations = new Histogram({
    name: 'hypercreate_job_attempt_duration_seconds',
    help: 'How long one attempt of a job took in a worker, by family, provider and outcome',
    labelNames: ['family', 'provider', 'outcome'],
    buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800],
    registers: [registry],
  });
  const attempts = new Counter({
    name: 'hypercreate_job_attempts_total',
    help: 'Attempts of jobs that ended in a worker, by family, provider and outcome',
    labelNames: ['family', 'provider', 'outcome'],
    registers: [registry],
  });
  const providerErrors = new Counter({
    name: 'hypercreate_provider_errors_total',
    help: 'Failed provider attempts by provider and error code (BACKEND_UNREACHABLE, BACKEND_BUSY, …)',
    labelNames: ['provider', 'code'],
    registers: [registry],
  });
  const http = new Histogram({
    name: 'hypercreate_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  return {
    registry,
    jobAttempt({ family, provider, outcome, seconds }) {
      durations.observe({ family, provider, outcome }, seconds);
      attempts.inc({ family, provider, outcome });
    },
    providerError({ provider, code }) {
      providerErrors.inc({ provider, code });
    },
    httpRequest({ method, route, status, seconds }) {
      http.observe({ method, route, status: String(status) }, seconds);
    },
    watchQueue(source) {
      queueSource = source;
    },
  };
}
