import { type Database, type SlotLocks, foldQueuedJobCounts, openSlotLocks } from '@app/db';
import { JOB_FAMILIES, type JobFamily, type MediaStorage, type Provider } from '@app/generation';
import { FamilyDispatcher, QUEUE_NOTIFY_CHANNEL } from '../fleet/dispatcher.ts';
import { HostHealth, registerHosts } from '../fleet/hosts.ts';
import { Waker } from '../fleet/waker.ts';
import type { Metrics } from '../metrics.ts';
import { LOST_QUEUE, QUEUE_NAMES, type JobQueue, type QueuedJobData } from '../queue.ts';
import { endJobWithRefund } from '../settle.ts';
import type { GenerationSettings } from '../settings.ts';

export interface WorkerOptions {
  database: Database;
  queue: JobQueue;
  storage: MediaStorage;
  /** The provider serving each family. */
  providers: Record<JobFamily, Provider>;
  settings: GenerationSettings;
  /** Families this worker takes; all by default. */
  families?: readonly JobFamily[];
  pollingIntervalSeconds?: number;
  /** Where job durations, outcomes and provider errors are counted. */
  metrics?: Metrics;
  /** How often each dispatcher's watchdog looks for slots held with no job behind them; 0: never. */
  slotSweepMs?: number;
}

export interface StopOptions {
  /** How long running attempts may take to finish before they are handed back to the queue. */
  deadlineMs?: number;
}

/** The same options under the name the shutdown code knows them by. */
export type WorkerStopOptions = StopOptions;

export interface Worker {
  /**
   * Stops taking jobs at once, lets running attempts finish within `deadlineMs` (25 s by default),
   * then abandons the rest: they go back to the queue uncharged and unrefunded, to run elsewhere.
   */
  stop(options?: StopOptions): Promise<void>;
  /** Attempts running in this process now, per family. */
  running(): Record<JobFamily, number>;
}

/** How often a worker folds the queue counters of ended database connections into one row. */
const FOLD_COUNTS_MS = 60_000;

const familyOfQueue = new Map(
  Object.entries(QUEUE_NAMES).map(([family, name]) => [name, family as JobFamily]),
);

/**
 * Runs the families' dispatchers: for families served by backend hosts, as many jobs at once as
 * the healthy hosts have free slots (coordinated with every other worker through PostgreSQL); for
 * `local` ones, `settings.workerConcurrency` at a time. Also fails and refunds jobs whose last
 * attempt was lost with its worker, and keeps the queue's counters short (`foldQueuedJobCounts`).
 */
export async function startWorker(options: WorkerOptions): Promise<Worker> {
  const { queue, database, settings } = options;
  const families = options.families ?? JOB_FAMILIES;
  const waker = new Waker<JobFamily>();
  const hosts = (await registerHosts(database, settings.backends)).filter((host) =>
    families.includes(host.family),
  );
  // Filled once the dispatchers exist; a host that leaves rotation before then has no jobs.
  const dispatchers: (readonly [JobFamily, FamilyDispatcher])[] = [];
  let locks: SlotLocks | undefined;
  let health: HostHealth | undefined;
  if (hosts.length > 0) {
    locks = await openSlotLocks(database);
    health = new HostHealth({
      database,
      hosts,
      probeSeconds: settings.probeSeconds,
      onUp: () => waker.wakeAll(),
      onDown: (host) => {
        for (const [, dispatcher] of dispatchers) dispatcher.hostLeft(host);
      },
      onFault: (host) => options.metrics?.hostFault({ host }),
    });
    await health.start();
  }
  const unlisten = await database
    .listen(QUEUE_NOTIFY_CHANNEL, (name) => {
      const family = familyOfQueue.get(name);
      if (family) waker.wake(family);
    })
    .catch(() => async () => {});

  const started = families.map((family) => {
    const dispatcher = new FamilyDispatcher(
      family,
      options.providers[family],
      settings.backends[family].provider === 'local' ? [] : hosts.filter((host) => host.family === family),
      {
        database,
        queue,
        storage: options.storage,
        settings,
        waker,
        health,
        locks,
        metrics: options.metrics,
        pollMs: (options.pollingIntervalSeconds ?? 1) * 1000,
        slotSweepMs: options.slotSweepMs,
      },
    );
    dispatcher.start();
    return [family, dispatcher] as const;
  });
  dispatchers.push(...started);

  const lostId = await queue.boss.work<QueuedJobData>(
    LOST_QUEUE,
    { pollingIntervalSeconds: 2 },
    async ([job]) => {
      if (!job) return;
      await database.db.transaction((tx) =>
        endJobWithRefund(tx, job.data.jobId, 'failed', {
          code: 'WORKER_LOST',
          message: 'The job stopped unexpectedly and could not be finished; it was refunded.',
        }),
      );
    },
  );

  // A fold that fails (the database away for a moment) is simply done at the next one.
  const folding = setInterval(() => void foldQueuedJobCounts(database.db).catch(() => {}), FOLD_COUNTS_MS);
  folding.unref();

  return {
    running: () =>
      Object.fromEntries(
        JOB_FAMILIES.map((family) => [family, dispatchers.find(([f]) => f === family)?.[1].busy ?? 0]),
      ) as Record<JobFamily, number>,
    async stop(stopOptions = {}) {
      const deadlineMs = stopOptions.deadlineMs ?? 25_000;
      clearInterval(folding);
      await queue.boss.offWork(LOST_QUEUE, { id: lostId }).catch(() => {});
      await Promise.all(dispatchers.map(([, dispatcher]) => dispatcher.stop(deadlineMs)));
      health?.stop();
      await unlisten().catch(() => {});
      await locks?.close();
    },
  };
}
