import type { Database, DbOrTx } from '@app/db';
import { QUEUE_CLASSES, type QueueClass, RELAX_RUNNING, describeError, queueClassOfRank } from '@app/domain';
import { JOB_FAMILIES, type JobFamily } from '@app/generation';
import { sql } from 'drizzle-orm';
import { type DrizzleTransactionLike, PgBoss, fromDrizzle, fromPglite } from 'pg-boss';
import { checkQueueSchema, handBackEntry, lockEntry } from './queue-store.ts';
import type { GenerationSettings } from './settings.ts';

/** One queue per family, so a slow family (video, training) never holds up images. */
export const QUEUE_NAMES: Record<JobFamily, string> = {
  image: 'generate-image',
  video: 'generate-video',
  audio: 'generate-audio',
  lipsync: 'generate-lipsync',
  lora: 'generate-lora',
};

/** Where the queue puts a job whose last attempt died with its worker: it is failed and refunded there. */
export const LOST_QUEUE = 'generate-lost';

export interface QueuedJobData {
  jobId: string;
}

/** One attempt of a queue entry, as fetched: settling it is fenced to that attempt. */
export interface QueueAttempt {
  id: string;
  retryCount: number;
}

/**
 * How many jobs of one family a person may have running at once, by class (pg-boss group tiers);
 * relax jobs are a group of their own (`queueGroupOf`), so they never hold back the person's fast work.
 */
export const RUNNING_LIMITS = {
  default: QUEUE_CLASSES.free.running,
  tiers: {
    ...Object.fromEntries(
      (Object.entries(QUEUE_CLASSES) as [QueueClass, { running: number }][]).map(([name, rule]) => [
        name,
        rule.running,
      ]),
    ),
    relax: RELAX_RUNNING,
  },
};

/** The queue group of a person's jobs in a tier: relax jobs are counted apart from fast and turbo. */
export function queueGroupOf(userId: string, tier: string): string {
  return tier === 'relax' ? `${userId}:relax` : userId;
}

export interface JobQueue {
  boss: PgBoss;
  /**
   * Enqueues a job row written on its own, inside the caller's transaction: the queue entry
   * commits or rolls back with the job row. (A submission writes its entry in its own single
   * statement, `submitInOneStatement`, the same way.) `priority` is the job's dispatch rank; the person's id groups their jobs for the
   * per-person running limit of the rank's class. A `queueJobId` chosen beforehand becomes the
   * entry's id (the job row can then carry it from its insert).
   */
  send(
    tx: DbOrTx,
    job: { id: string; family: JobFamily; priority: number; userId?: string; queueJobId?: string | null },
  ): Promise<string>;
  /**
   * Puts a fetched attempt back in the queue at once, in its old place, without counting it as an
   * attempt: its host failed or its worker is stopping. Does nothing when the claim has lapsed.
   */
  handBack(family: JobFamily, attempt: QueueAttempt): Promise<boolean>;
  /**
   * Locks a job's queue entry inside the caller's transaction, waiting for a dispatch claim that
   * holds it. A transaction that ends a job locks its entry first, then the job's row: the order
   * the dispatch claim takes them in, so the two can never deadlock.
   */
  lockEntry(tx: DbOrTx, family: JobFamily, queueJobId: string): Promise<void>;
  /** Removes a queued entry, inside the caller's transaction. */
  cancel(tx: DbOrTx, family: JobFamily, queueJobId: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The pg-boss queue on the application database: on PGlite through its in-process adapter, on
 * PostgreSQL through its own small pool. Queues are created (idempotently) on start.
 */
export async function startJobQueue(
  database: Database,
  settings: GenerationSettings,
  options: { supervise?: boolean } = {},
): Promise<JobQueue> {
  const common = {
    schema: 'pgboss',
    supervise: options.supervise ?? true,
    superviseIntervalSeconds: settings.superviseSeconds,
    // Missed heartbeats are only looked for on a monitor pass (every 60 s unless told): at the
    // supervision pace, a job whose worker died runs again within seconds, not minutes.
    monitorIntervalSeconds: settings.superviseSeconds,
    schedule: false,
    // Workers wake on the NOTIFY of a new job instead of waiting for their next poll.
    useListenNotify: true,
  };
  const create = () => {
    const boss =
      database.kind === 'pglite'
        ? new PgBoss({ ...common, db: fromPglite(database.pglite!), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: database.url!, max: 4 });
    // Errors here are the queue's background maintenance; jobs report their own failures.
    boss.on('error', (error) => console.error('queue error:', describeError(error)));
    return boss;
  };
  let boss = create();
  await boss.start();
  await checkQueueSchema(boss);
  // pg-boss loads its queue list when it starts. A send inside our transaction must find its queue
  // there: looking it up would take a second connection, which PGlite (one connection, held by
  // the transaction) cannot give. So when this start created queues, start again to load them.
  if (await ensureQueues(boss, settings)) {
    await boss.stop({ graceful: false });
    boss = create();
    await boss.start();
  }

  return {
    boss,
    async send(tx, job) {
      const id = await boss.send(QUEUE_NAMES[job.family], { jobId: job.id } satisfies QueuedJobData, {
        priority: job.priority,
        ...(job.queueJobId ? { id: job.queueJobId } : {}),
        ...(job.userId
          ? {
              group: {
                id: queueGroupOf(job.userId, queueClassOfRank(job.priority)),
                tier: queueClassOfRank(job.priority),
              },
            }
          : {}),
        db: inTransaction(tx),
      });
      if (!id) throw new Error('The queue refused the job');
      return id;
    },
    handBack: (family, attempt) => handBackEntry(boss, QUEUE_NAMES[family], attempt),
    lockEntry: (tx, family, queueJobId) => lockEntry(tx, QUEUE_NAMES[family], queueJobId),
    async cancel(tx, family, queueJobId) {
      await boss.cancel(QUEUE_NAMES[family], queueJobId, { db: inTransaction(tx) });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

/** Creates or updates every queue; true when one had to be created. */
async function ensureQueues(boss: PgBoss, settings: GenerationSettings): Promise<boolean> {
  const wanted: [string, Parameters<PgBoss['createQueue']>[1]][] = [
    [LOST_QUEUE, { retryLimit: 5, retryDelay: 5, retryBackoff: true, notify: true }],
    ...JOB_FAMILIES.map(
      (family) =>
        [
          QUEUE_NAMES[family],
          {
            retryLimit: settings.retryLimit,
            retryDelay: 2,
            retryBackoff: true,
            retryDelayMax: 120,
            // The worker abandons an attempt at the family's deadline; the queue waits a little longer
            // before it calls the attempt lost.
            expireInSeconds: settings.deadlines[family] + 60,
            heartbeatSeconds: settings.heartbeatSeconds,
            deadLetter: LOST_QUEUE,
            notify: true,
          },
        ] as [string, Parameters<PgBoss['createQueue']>[1]],
    ),
  ];
  let created = false;
  for (const [name, options] of wanted) {
    if (await boss.getQueue(name)) {
      await boss.updateQueue(name, options);
      continue;
    }
    try {
      await boss.createQueue(name, options);
    } catch (error) {
      // Another process created it first.
      if (!(await boss.getQueue(name))) throw error;
    }
    created = true;
  }
  return created;
}

/** pg-boss statements run through the caller's drizzle transaction, so they commit with it. */
function inTransaction(tx: DbOrTx) {
  return fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
}
