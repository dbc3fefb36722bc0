import { type Database, type FleetHostState, listFleetHosts } from '@app/db';
import { JOB_FAMILIES, type JobFamily } from '@app/generation';
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
  jobAttempt(values: { family: JobFamily; provider: string; outcome: string; seconds: number }): void;
  /** A provider failed an attempt (retried or final), by its error code. */
  providerError(values: { provider: string; code: string }): void;
  /** One HTTP request answered, by its route pattern (never the raw URL: ids would explode the series). */
  httpRequest(values: { method: string; route: string; status: number; seconds: number }): void;
  /** A job ended: how long it waited before its first start and how long it then ran, by family and plan. */
  jobFinished(values: { family: JobFamily; plan: string; waitSeconds: number; runSeconds: number }): void;
  /** A host failed an attempt or a probe and left rotation. */
  hostFault(values: { host: string }): void;
  /** The dispatcher's watchdog gave back a host slot it held with no job behind it. */
  slotReclaimed(values: { family: JobFamily }): void;
  /** Where the queue depth comes from; set once the queue is running. */
  watchQueue(queue: () => Promise<JobQueue> | JobQueue): void;
  /** Where host slots and the database pool are read from at each scrape. */
  watchDatabase(database: Database): void;
}

/** Metric names the Grafana dashboard may query, each exported by the API, the worker or both. */
export const METRIC_NAMES = [
  'hypercreate_http_requests_total',
  'hypercreate_http_request_duration_seconds',
  'hypercreate_queue_jobs',
  'hypercreate_job_attempts_total',
  'hypercreate_job_attempt_duration_seconds',
  'hypercreate_job_wait_seconds',
  'hypercreate_job_run_seconds',
  'hypercreate_provider_errors_total',
  'hypercreate_host_slots',
  'hypercreate_host_up',
  'hypercreate_host_faults_total',
  'hypercreate_slots_reclaimed_total',
  'hypercreate_db_pool_connections',
  'hypercreate_db_errors_total',
] as const;

type HttpSeries = Histogram.Internal<'method' | 'route' | 'status'>;

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  let queueSource: (() => Promise<JobQueue> | JobQueue) | undefined;
  let database: Database | undefined;
  // One read of the hosts serves both host gauges of a scrape.
  let hostRead: { at: number; rows: Promise<FleetHostState[]> } | undefined;
  const readHosts = () => {
    if (!database) return Promise.resolve([]);
    if (!hostRead || Date.now() - hostRead.at > 1_000) {
      hostRead = { at: Date.now(), rows: listFleetHosts(database.db).catch(() => []) };
    }
    return hostRead.rows;
  };
  new Gauge({
    name: 'hypercreate_queue_jobs',
    help: 'Jobs in the queue per family: queued (waiting, including retries not yet due) and active (running)',
    labelNames: ['family', 'state'],
    registers: [registry],
    async collect() {
      if (!queueSource) return;
      const queue = await queueSource();
      for (const family of JOB_FAMILIES) {
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
  new Gauge({
    name: 'hypercreate_host_slots',
    help: 'Slots of each generation host, by state: busy (held by a worker now) or total',
    labelNames: ['host', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await readHosts()) {
        this.set({ host: row.host, state: 'busy' }, row.busy);
        this.set({ host: row.host, state: 'total' }, row.slots);
      }
    },
  });
  new Gauge({
    name: 'hypercreate_host_up',
    help: 'Whether each generation host is in rotation (1) or out after a fault (0)',
    labelNames: ['host'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await readHosts()) this.set({ host: row.host }, row.status === 'up' ? 1 : 0);
    },
  });
  const hostFaults = new Counter({
    name: 'hypercreate_host_faults_total',
    help: 'Faults seen by this process per host: a failed attempt or probe that took it out of rotation',
    labelNames: ['host'],
    registers: [registry],
  });
  const reclaimed = new Counter({
    name: 'hypercreate_slots_reclaimed_total',
    help: 'Slots the dispatcher watchdog gave back because no job was behind them, by family',
    labelNames: ['family'],
    registers: [registry],
  });
  const waits = new Histogram({
    name: 'hypercreate_job_wait_seconds',
    help: 'How long finished jobs waited in the queue before their first start, by family and plan',
    labelNames: ['family', 'plan'],
    buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600],
    registers: [registry],
  });
  const runs = new Histogram({
    name: 'hypercreate_job_run_seconds',
    help: 'How long finished jobs took from their first start to their end, by family and plan',
    labelNames: ['family', 'plan'],
    buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600],
    registers: [registry],
  });
  new Gauge({
    name: 'hypercreate_db_pool_connections',
    help: 'PostgreSQL pool connections of this process, by state: total, idle, or waiting (callers waiting for one)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = database?.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Counter({
    name: 'hypercreate_db_errors_total',
    help: 'Connection-level PostgreSQL errors of this process (lost connections, timeouts, server shutdowns)',
    registers: [registry],
    collect() {
      const stats = database?.poolStats?.();
      this.reset();
      if (stats) this.inc(stats.errors);
    },
  });
  const http = new Histogram({
    name: 'hypercreate_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // The requests answered are the latency observations: counted from them when scraped.
  new Counter({
    name: 'hypercreate_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
    async collect() {
      const { values } = await http.get();
      this.reset();
      for (const { metricName, labels, value } of values)
        if (metricName === 'hypercreate_http_request_duration_seconds_count') this.inc(labels, value);
    },
  });
  // Each label set's child is made once by `labels()` and kept (routes are patterns, so they are
  // few): observing through it skips checking and hashing the labels on every request. Found label
  // by label: the same route and method strings come back on every request, where a key joined from
  // all three would be a new string each time.
  const httpSeries = new Map<string, Map<number, Map<string, HttpSeries>>>();

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
      let byStatus = httpSeries.get(route);
      if (!byStatus) httpSeries.set(route, (byStatus = new Map<number, Map<string, HttpSeries>>()));
      let byMethod = byStatus.get(status);
      if (!byMethod) byStatus.set(status, (byMethod = new Map<string, HttpSeries>()));
      let series = byMethod.get(method);
      if (!series) byMethod.set(method, (series = http.labels({ method, route, status: String(status) })));
      series.observe(seconds);
    },
    jobFinished({ family, plan, waitSeconds, runSeconds }) {
      waits.observe({ family, plan }, Math.max(0, waitSeconds));
      runs.observe({ family, plan }, Math.max(0, runSeconds));
    },
    hostFault({ host }) {
      hostFaults.inc({ host });
    },
    slotReclaimed({ family }) {
      reclaimed.inc({ family });
    },
    watchDatabase(source) {
      database = source;
    },
    watchQueue(source) {
      queueSource = source;
    },
  };
}
