import { createHash } from 'node:crypto';
import {
  type Database,
  type SlotLocks,
  countFleetHostJob,
  getJob,
  recordFleetHostEvent,
  requeueJob,
} from '@app/db';
import type { Family, Provider } from '@app/generation';
import type { JobWithMetadata } from 'pg-boss';
import type { Metrics } from '../metrics.ts';
import { type JobQueue, QUEUE_NAMES, type QueuedJobData, RUNNING_LIMITS } from '../queue.ts';
import type { GenerationSettings } from '../settings.ts';
import { type AttemptOutcome, runJob } from '../worker/run-job.ts';
import type { FleetHost, HostHealth } from './hosts.ts';
import { failStrandedJobs } from './stranded.ts';
import type { Waker } from './waker.ts';
import type { MediaStorage } from '@app/generation';

/** pg-boss's NOTIFY channel for new jobs (its payload is the queue's name). */
export const QUEUE_NOTIFY_CHANNEL = `pgboss_${createHash('sha224').update('pgboss').digest('hex').slice(0, 24)}`;

export interface DispatchContext {
  database: Database;
  queue: JobQueue;
  storage: MediaStorage;
  settings: GenerationSettings;
  waker: Waker<Family>;
  health: HostHealth | undefined;
  locks: SlotLocks | undefined;
  metrics?: Metrics;
  pollMs: number;
}

/** A held slot: of a host (locked across processes), or one of this process's local ones. */
interface Slot {
  host?: FleetHost;
  index: number;
}

interface Running {
  done: Promise<void>;
  abandon(reason: 'stopping'): void;
}

/**
 * Takes jobs of one family off the queue only while it holds a free slot to run them on: a slot of
 * a healthy host (a session lock, so no other worker anywhere uses it meanwhile) or, for the
 * `local` provider, one of this process's `WORKER_CONCURRENCY` CPU slots. The queue hands out jobs
 * in dispatch order (rank, then age), so holding a slot first means the best waiting job goes to
 * the first free slot, and every free slot is filled while work waits.
 */
export class FamilyDispatcher {
  private readonly running = new Set<Running>();
  private readonly localBusy = new Set<number>();
  /** Host slots this process still holds whose host has answered: reused before asking for others. */
  private readonly handedBack: Slot[] = [];
  private stopping = false;
  private next = 0;
  private loop: Promise<void> | undefined;
  private lastStrandedCheck = 0;

  constructor(
    private readonly family: Family,
    private readonly provider: Provider,
    private readonly hosts: readonly FleetHost[],
    private readonly ctx: DispatchContext,
  ) {}

  start(): void {
    this.loop = this.run();
  }

  get busy(): number {
    return this.running.size;
  }

  /** Stops taking jobs; running attempts get `deadlineMs` to finish, then go back to the queue. */
  async stop(deadlineMs: number): Promise<void> {
    this.stopping = true;
    this.ctx.waker.wake(this.family);
    await this.loop;
    const all = Promise.all([...this.running].map((entry) => entry.done));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), deadlineMs)));
    if ((await Promise.race([all.then(() => 'done' as const), late])) === 'late') {
      for (const entry of this.running) entry.abandon('stopping');
      await all;
    }
    clearTimeout(timer);
    await this.releaseHandedBack();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      try {
        const slot = await this.claimSlot();
        if (!slot) {
          await this.failStrandedNowAndThen();
          await this.ctx.waker.wait(this.family, this.ctx.pollMs);
          continue;
        }
        const job = this.stopping ? undefined : await this.fetchOne();
        if (!job) {
          await this.release(slot);
          await this.releaseHandedBack();
          await this.ctx.waker.wait(this.family, this.ctx.pollMs);
          continue;
        }
        this.launch(job, slot);
      } catch (error) {
        console.error(`${this.family} dispatcher:`, error instanceof Error ? error.message : error);
        await this.ctx.waker.wait(this.family, this.ctx.pollMs);
      }
    }
  }

  /** A free slot of a healthy host, taking the hosts in turn; null when none is free. */
  private async claimSlot(): Promise<Slot | null> {
    // A slot whose job's host just answered is still ours: no round trip to take it again.
    for (let slot = this.handedBack.shift(); slot; slot = this.handedBack.shift()) {
      if (!slot.host || this.ctx.health?.isUp(slot.host.host) !== false) return slot;
      await this.release(slot);
    }
    if (this.hosts.length === 0) {
      for (let index = 0; index < this.ctx.settings.workerConcurrency; index++) {
        if (this.localBusy.has(index)) continue;
        this.localBusy.add(index);
        return { index };
      }
      return null;
    }
    const { health, locks } = this.ctx;
    for (let step = 0; step < this.hosts.length; step++) {
      const host = this.hosts[(this.next + step) % this.hosts.length]!;
      if (health && !health.isUp(host.host)) continue;
      for (let index = 0; index < host.slots; index++) {
        if (await locks!.tryLock(host.lockKey, index)) {
          this.next = (this.next + step + 1) % this.hosts.length;
          return { host, index };
        }
      }
    }
    return null;
  }

  private async releaseHandedBack(): Promise<void> {
    for (let slot = this.handedBack.shift(); slot; slot = this.handedBack.shift()) await this.release(slot);
  }

  private async release(slot: Slot): Promise<void> {
    if (slot.host) await this.ctx.locks!.unlock(slot.host.lockKey, slot.index).catch(() => {});
    else this.localBusy.delete(slot.index);
  }

  private async fetchOne(): Promise<JobWithMetadata<QueuedJobData> | undefined> {
    const [job] = await this.ctx.queue.boss.fetch<QueuedJobData>(QUEUE_NAMES[this.family], {
      batchSize: 1,
      includeMetadata: true,
      groupConcurrency: RUNNING_LIMITS,
    });
    return job;
  }

  /** When no host of the family answers, jobs that have waited out the outage fail, refunded. */
  private async failStrandedNowAndThen(): Promise<void> {
    if (this.hosts.length === 0 || !this.ctx.health) return;
    if (this.hosts.some((host) => this.ctx.health!.isUp(host.host))) return;
    if (Date.now() - this.lastStrandedCheck < 1_000) return;
    this.lastStrandedCheck = Date.now();
    await failStrandedJobs({
      database: this.ctx.database,
      queue: this.ctx.queue,
      family: this.family,
      waitSeconds: this.ctx.settings.hostWaitSeconds,
    });
  }

  private launch(job: JobWithMetadata<QueuedJobData>, slot: Slot): void {
    const abandon = new AbortController();
    let stopping = false;
    const entry: Running = {
      done: Promise.resolve(),
      abandon: () => {
        stopping = true;
        abandon.abort(new Error('The worker is stopping.'));
      },
    };
    // The slot is the host's: it is free again as soon as the host has answered, while this
    // process stores the outputs and settles the job. It goes to this dispatcher's next job still
    // locked; it is unlocked when no job waits, or when the worker stops.
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      if (this.stopping) await this.release(slot);
      else this.handedBack.push(slot);
      this.ctx.waker.wake(this.family);
    };
    entry.done = this.attempt(job, slot, abandon, () => stopping, release)
      .catch((error: unknown) => {
        console.error(`${this.family} attempt:`, error instanceof Error ? error.message : error);
      })
      .finally(async () => {
        this.running.delete(entry);
        await release();
      });
    this.running.add(entry);
  }

  private async attempt(
    job: JobWithMetadata<QueuedJobData>,
    slot: Slot,
    abandon: AbortController,
    isStopping: () => boolean,
    hostDone: () => Promise<void>,
  ): Promise<void> {
    const { queue, settings, database } = this.ctx;
    const name = QUEUE_NAMES[this.family];
    const claim = { id: job.id, retryCount: job.retryCount };
    const heartbeat = setInterval(
      () => {
        queue.boss
          .touch(name, claim)
          .then((result) => {
            if ((result as { affected?: number }).affected === 0)
              abandon.abort(new Error('The queue gave this attempt to another worker.'));
          })
          .catch(() => {});
      },
      (settings.heartbeatSeconds * 1000) / 3,
    );
    const started = performance.now();
    // The slot is busy until the host has answered; the outputs are stored after it is free.
    let hostAnswered: number | undefined;
    let outcome: AttemptOutcome;
    try {
      outcome = await runJob({
        database,
        storage: this.ctx.storage,
        provider: this.provider,
        deadlineSeconds: settings.deadlines[this.family],
        host: slot.host?.url,
        failover: !!slot.host,
        // After a result only: on a host failure the host leaves rotation before its slot is let go.
        onProviderDone: () => {
          hostAnswered ??= performance.now();
          void hostDone();
        },
        attempt: {
          jobId: job.data.jobId,
          retryCount: job.retryCount,
          retryLimit: job.retryLimit,
          signal: abandon.signal,
        },
      });
    } finally {
      clearInterval(heartbeat);
    }
    const seconds = (performance.now() - started) / 1000;
    const busySeconds = ((hostAnswered ?? performance.now()) - started) / 1000;
    const count = (label: string, code?: string | null) => {
      this.ctx.metrics?.jobAttempt({
        family: this.family,
        provider: this.provider.name,
        outcome: label,
        seconds,
      });
      if (code) this.ctx.metrics?.providerError({ provider: this.provider.name, code });
      if (slot.host)
        void recordFleetHostEvent(database.db, {
          host: slot.host.host,
          kind: 'attempt',
          family: this.family,
          jobId: job.data.jobId,
          outcome: label,
          busySeconds,
        }).catch(() => {});
    };
    switch (outcome.kind) {
      case 'ended': {
        await queue.boss.complete(name, claim).catch(() => {});
        const row = await getJob(database.db, job.data.jobId).catch(() => null);
        if (row?.status === 'succeeded' && slot.host)
          await countFleetHostJob(database.db, slot.host.host).catch(() => {});
        count(row?.status ?? 'unknown', row?.status === 'failed' ? row.errorCode : null);
        if (row?.startedAt && row.finishedAt)
          this.ctx.metrics?.jobFinished({
            family: this.family,
            plan: row.plan ?? 'unknown',
            waitSeconds: (row.startedAt.getTime() - row.createdAt.getTime()) / 1000,
            runSeconds: (row.finishedAt.getTime() - row.startedAt.getTime()) / 1000,
          });
        return;
      }
      case 'retry':
        count('retried', outcome.error.code);
        await queue.boss.fail(name, claim, { code: outcome.error.code }).catch(() => {});
        return;
      case 'host-failed':
        count('retried', outcome.error.code);
        await this.ctx.health?.markDown(slot.host!.host, describe(outcome.error));
        await queue.handBack(this.family, claim);
        return;
      case 'abandoned':
        if (!isStopping()) return; // the claim went to another worker, which owns the job now
        await requeueJob(database.db, job.data.jobId, {
          code: 'WORKER_STOPPED',
          message: 'The job was handed to another worker.',
        });
        await queue.handBack(this.family, claim);
        return;
    }
  }
}

function describe(error: Error): string {
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${(error as { code?: string }).code ?? 'ERROR'}${cause}`.slice(0, 500);
}
