import { type Database, getJob } from '@app/db';
import { FAMILIES, type Family, type MediaStorage, type Provider, ProviderError } from '@app/generation';
import type { JobWithMetadata } from 'pg-boss';
import type { Metrics } from '../metrics.ts';
import { LOST_QUEUE, QUEUE_NAMES, type JobQueue, type QueuedJobData } from '../queue.ts';
import { endJobWithRefund } from '../settle.ts';
import type { GenerationSettings } from '../settings.ts';
import { runJob } from './run-job.ts';

export interface WorkerOptions {
  database: Database;
  queue: JobQueue;
  storage: MediaStorage;
  /** The provider serving each family. */
  providers: Record<Family, Provider>;
  settings: GenerationSettings;
  /** Families this worker takes; all by default. */
  families?: readonly Family[];
  pollingIntervalSeconds?: number;
  /** Where job durations, outcomes and provider errors are counted. */
  metrics?: Metrics;
}

/**
 * Registers the queue handlers: one per family, `settings.workerConcurrency` jobs at a time each,
 * and the handler that fails and refunds jobs whose last attempt was lost with its worker.
 */
export interface WorkerStopOptions {
  /**
   * Stop fetching and wait up to this long for running attempts to finish; without it, stop
   * fetching and return at once (running attempts end as they will).
   */
  deadlineMs?: number;
}

export async function startWorker(
  options: WorkerOptions,
): Promise<{ stop(stopOptions?: WorkerStopOptions): Promise<void> }> {
  const { queue, database, settings } = options;
  const ids: { name: string; id: string }[] = [];
  for (const family of options.families ?? FAMILIES) {
    const id = await queue.boss.work<QueuedJobData, unknown, { includeMetadata: true }>(
      QUEUE_NAMES[family],
      {
        includeMetadata: true,
        batchSize: 1,
        localConcurrency: settings.workerConcurrency,
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
        // NOTIFY wakes a worker for a new job at once; a retry coming due after its backoff sends
        // none, so polling keeps its own pace too.
        notifyPollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
      } as { includeMetadata: true },
      async ([job]: JobWithMetadata<QueuedJobData>[]) => {
        if (!job) return;
        const provider = options.providers[family];
        const started = performance.now();
        const ended = (outcome: string, code?: string | null) => {
          const seconds = (performance.now() - started) / 1000;
          options.metrics?.jobAttempt({ family, provider: provider.name, outcome, seconds });
          if (code) options.metrics?.providerError({ provider: provider.name, code });
        };
        try {
          await runJob({
            database,
            storage: options.storage,
            provider,
            timeoutSeconds: settings.jobTimeoutSeconds,
            attempt: {
              jobId: job.data.jobId,
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
              signal: job.signal,
            },
          });
        } catch (error) {
          ended('retried', error instanceof ProviderError ? error.code : 'WORKER_ERROR');
          throw error;
        }
        if (options.metrics) {
          const row = await getJob(database.db, job.data.jobId).catch(() => null);
          ended(row?.status ?? 'unknown', row?.status === 'failed' ? row.errorCode : null);
        }
      },
    );
    ids.push({ name: QUEUE_NAMES[family], id });
  }
  ids.push({
    name: LOST_QUEUE,
    id: await queue.boss.work<QueuedJobData>(LOST_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
      if (!job) return;
      await database.db.transaction((tx) =>
        endJobWithRefund(tx, job.data.jobId, 'failed', {
          code: 'WORKER_LOST',
          message: 'The job stopped unexpectedly and could not be finished; it was refunded.',
        }),
      );
    }),
  });
  return {
    async stop({ deadlineMs }: WorkerStopOptions = {}) {
      const wait = deadlineMs !== undefined;
      const drained = Promise.all(
        ids.map(({ name, id }) => queue.boss.offWork(name, { id, wait }).catch(() => {})),
      );
      if (!wait) return void (await drained);
      // Past the deadline, an attempt still running is left to the queue, which hands it to
      // another worker once this one's heartbeat stops.
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadlineMs)));
      await Promise.race([drained, deadline]).finally(() => clearTimeout(timer));
    },
  };
}
