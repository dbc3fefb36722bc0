import type { Database } from '@app/db';
import { FAMILIES, type Family, type MediaStorage, type Provider } from '@app/generation';
import type { JobWithMetadata } from 'pg-boss';
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
}

/**
 * Registers the queue handlers: one per family, `settings.workerConcurrency` jobs at a time each,
 * and the handler that fails and refunds jobs whose last attempt was lost with its worker.
 */
export async function startWorker(options: WorkerOptions): Promise<{ stop(): Promise<void> }> {
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
        await runJob({
          database,
          storage: options.storage,
          provider: options.providers[family],
          timeoutSeconds: settings.jobTimeoutSeconds,
          attempt: {
            jobId: job.data.jobId,
            retryCount: job.retryCount,
            retryLimit: job.retryLimit,
            signal: job.signal,
          },
        });
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
    async stop() {
      await Promise.all(ids.map(({ name, id }) => queue.boss.offWork(name, { id }).catch(() => {})));
    },
  };
}
