import {
  type Database,
  type SlotLocks,
  backoffMs,
  countFleetHostJob,
  getJob,
  recordFleetHostEvent,
  isDatabaseUnavailable,
  reasonOf,
  requeueJob,
} from '@app/db';
import { FAST_MIN_RANK, describeError } from '@app/domain';
import type { JobFamily, Provider } from '@app/generation';
import type { Metrics } from '../metrics.ts';
import { type JobQueue, QUEUE_NAMES } from '../queue.ts';
import type { GenerationSettings } from '../settings.ts';
import { type AttemptOutcome, runJob } from '../worker/run-job.ts';
import { type Claim, claimNextJob, unclaimJob } from './claim.ts';
import type { FleetHost, HostHealth } from './hosts.ts';
import { failStrandedJobs } from './stranded.ts';
import { SlotWatchdog } from './slot-watchdog.ts';
import type { Waker } from './waker.ts';
import type { MediaStorage } from '@app/generation';

export { QUEUE_NOTIFY_CHANNEL } from '@app/db';

export interface DispatchContext {
  database: Database;
  queue: JobQueue;
  storage: MediaStorage;
  settings: GenerationSettings;
  waker: Waker<JobFamily>;
  health: HostHealth | undefined;
  locks: SlotLocks | undefined;
  metrics?: Metrics;
  pollMs: number;
  /** How often the watchdog looks for slots held with nothing behind them; 0 turns it off. */
  slotSweepMs?: number;
}

/** Recent busy times kept per host, to know when its slot is about to be free. */
const BUSY_SAMPLES = 9;
/** Recent claim times kept, to know how far ahead of a slot's end to claim. */
const CLAIM_SAMPLES = 16;
/** A staged claim not taken up by this many ms past the time it was expected to be is given back. */
const STAGE_HOLD_MS = 250;

/** A held slot: of a host (locked across processes), or one of this process's local ones. */
interface Slot {
  host?: FleetHost;
  index: number;
}

interface Running {
  done: Promise<void>;
  slot: Slot;
  /** True until the host has answered and the slot went back to the dispatcher. */
  holdsSlot(): boolean;
  abandon(reason: AbandonReason): void;
}

/**
 * Why a running attempt is given up: the worker stops, its slot lock went with a lost connection,
 * or its host left rotation (probes found it silent) before it answered.
 */
type AbandonReason = 'stopping' | 'slot-lost' | 'host-left';

/** What the job's row says when an abandoned attempt puts it back in the queue. */
const HANDED_BACK: Record<AbandonReason, { code: string; message: string }> = {
  stopping: { code: 'WORKER_STOPPED', message: 'The job was handed to another worker.' },
  'slot-lost': { code: 'WORKER_STOPPED', message: 'The job was handed to another worker.' },
  'host-left': { code: 'HOST_LEFT', message: 'Its host stopped answering; the job moved to another one.' },
};

/** How often held slots are checked against the work behind them. */
export const SLOT_SWEEP_MS = 2_500;

/**
 * Takes jobs of one family off the queue only while it holds a free slot to run them on: a slot of
 * a healthy host (a session lock, so no other worker anywhere uses it meanwhile) or, for the
 * `local` provider, one of this process's `WORKER_CONCURRENCY` CPU slots. The claim hands out jobs
 * in dispatch order (rank, then age), so holding a slot first means the best waiting job goes to
 * the first free slot, and every free slot is filled while work waits. A busy dispatcher keeps a
 * host's slot from one job to the next and claims the next job shortly before the host is due to
 * answer, so between two jobs on a host there is only the request to the host.
 */
export class FamilyDispatcher {
  private readonly running = new Set<Running>();
  private readonly localBusy = new Set<number>();
  /** Host slots this process still holds whose host has answered: reused before asking for others. */
  private readonly handedBack: Slot[] = [];
  private stopping = false;
  private next = 0;
  /** Every slot this dispatcher holds: what the watchdog must find a job behind. */
  private readonly watchdog = new SlotWatchdog<Slot>(slotKey);
  /** The slot the loop's claim is looking for a job for, if any. */
  private claiming: Slot | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private loop: Promise<void> | undefined;
  private lastStrandedCheck = 0;
  /**
   * Whether the loop's latest look for a job had a free slot and found none it may take: the jobs
   * waiting, if any, are held back by their owners' running limits, and a job ending frees one.
   */
  private slotIdle = false;
  /** Each host's last busy times (ms from the request to its answer), newest last. */
  private readonly busyMs = new Map<string, number[]>();
  /** How long the latest claims took to come back (ms), newest last: how far ahead of a slot's end to claim. */
  private readonly claimMs: number[] = [];

  constructor(
    private readonly family: JobFamily,
    private readonly provider: Provider,
    private readonly hosts: readonly FleetHost[],
    private readonly ctx: DispatchContext,
  ) {}

  start(): void {
    // A slot lock lost with its connection may be another worker's now: work on it stops and goes
    // back to the queue, as after a crash, and a slot this dispatcher kept for its next job is gone.
    this.ctx.locks?.onLost((lost) => {
      const isLost = (slot: Slot) =>
        !!slot.host &&
        lost.some((entry) => entry.lockKey === slot.host!.lockKey && entry.slot === slot.index);
      const stopped = [...this.running].filter((entry) => entry.holdsSlot() && isLost(entry.slot));
      if (stopped.length)
        console.error(
          `${this.family} dispatcher: the slot locks' connection was lost; ${stopped.length} running job(s) go back to the queue`,
        );
      for (const entry of stopped) entry.abandon('slot-lost');
      this.watchdog.forget(isLost);
      const kept = this.handedBack.splice(0).filter((slot) => !isLost(slot));
      this.handedBack.push(...kept);
    });
    this.loop = this.run();
    if (this.ctx.slotSweepMs !== 0) {
      this.sweeper = setInterval(() => void this.sweepSlots(), this.ctx.slotSweepMs ?? SLOT_SWEEP_MS);
      this.sweeper.unref();
    }
  }

  /**
   * The host left rotation (probes found it silent, or a job or another process found it at
   * fault): attempts still waiting for its answer stop and go back to the queue at once, in their
   * old place and without a second charge, for another host, instead of waiting out the deadline.
   */
  hostLeft(host: string): void {
    for (const entry of this.running)
      if (entry.holdsSlot() && entry.slot.host?.host === host) entry.abandon('host-left');
  }

  /**
   * The watchdog: a slot this dispatcher holds with nothing behind it (no running attempt, not
   * kept for the next job, not under a claim) at two sweeps in a row is given back, logged and
   * counted. No path should leave one so; this keeps a path that does from idling a host for good.
   */
  private async sweepSlots(): Promise<void> {
    if (this.stopping) return;
    const inUse = [...[...this.running].map((entry) => entry.slot), ...this.handedBack];
    if (this.claiming) inUse.push(this.claiming);
    for (const slot of this.watchdog.sweep(inUse)) {
      console.error(`${this.family} dispatcher: reclaimed slot ${slotKey(slot)}, held with no job behind it`);
      this.ctx.metrics?.slotReclaimed({ family: this.family });
      await this.release(slot);
      this.ctx.waker.wake(this.family);
    }
  }

  get busy(): number {
    return this.running.size;
  }

  /** Stops taking jobs; running attempts get `deadlineMs` to finish, then go back to the queue. */
  async stop(deadlineMs: number): Promise<void> {
    this.stopping = true;
    clearInterval(this.sweeper);
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
    const { waker, pollMs } = this.ctx;
    while (!this.stopping) {
      // A wake while this round looks for a slot and a job (a job submitted after the claim looked,
      // a slot freed after the hosts were tried) sends it straight into the next round.
      const since = waker.mark(this.family);
      // The slot this round holds until a job runs on it: every way out of the round that did not
      // launch one gives it back, a claim that failed (a lost connection, a deadlock) included.
      let slot: Slot | null = null;
      try {
        slot = await this.claimSlot();
        if (!slot) {
          this.slotIdle = false;
          await this.failStrandedNowAndThen();
          await waker.wait(this.family, pollMs, since);
          continue;
        }
        this.claiming = slot;
        // Set before the claim looks, so that a job ending while it looks wakes the wait below.
        this.slotIdle = true;
        const claim = this.stopping ? undefined : await this.claimJob(slot);
        this.claiming = undefined;
        if (!claim) {
          await this.release(slot);
          slot = null;
          await this.releaseHandedBack();
          await waker.wait(this.family, pollMs, since);
          continue;
        }
        this.slotIdle = false;
        this.launch(claim, slot);
        slot = null;
      } catch (error) {
        this.claiming = undefined;
        if (slot) await this.release(slot);
        const reason = isDatabaseUnavailable(error)
          ? `database unavailable (${reasonOf(error)})`
          : describeError(error);
        console.error(`${this.family} dispatcher:`, reason);
        await waker.wait(this.family, pollMs);
      }
    }
  }

  /**
   * A free slot of a host this process believes healthy, taking the hosts in turn; null when none
   * is free. Whether the host is still in rotation for everyone is asked by the claim itself.
   */
  private async claimSlot(): Promise<Slot | null> {
    // A slot whose job's host just answered is still ours: no round trip to take it again.
    for (let slot = this.handedBack.shift(); slot; slot = this.handedBack.shift()) {
      if (!slot.host || !this.ctx.health || this.ctx.health.isUp(slot.host.host)) return slot;
      await this.release(slot);
    }
    if (this.hosts.length === 0) {
      for (let index = 0; index < this.ctx.settings.workerConcurrency; index++) {
        if (this.localBusy.has(index)) continue;
        this.localBusy.add(index);
        return this.own({ index });
      }
      return null;
    }
    const { health, locks } = this.ctx;
    for (let step = 0; step < this.hosts.length; step++) {
      const host = this.hosts[(this.next + step) % this.hosts.length]!;
      if (health && !health.isUp(host.host)) continue;
      for (let index = 0; index < host.slots; index++) {
        if (!(await locks!.tryLock(host.lockKey, index))) continue;
        this.next = (this.next + step + 1) % this.hosts.length;
        return this.own({ host, index });
      }
    }
    return null;
  }

  /**
   * The next job for `slot`, claimed and started in one statement; undefined when none waits, or
   * when the slot's host was taken out of rotation by another process since this one last read
   * the shared state (it is out here too from now on).
   */
  private async claimJob(slot: Slot, options: { fastOnly?: boolean } = {}): Promise<Claim | undefined> {
    const asked = performance.now();
    const outcome = await claimNextJob(this.ctx.database, this.family, {
      host: slot.host?.host,
      provider: this.provider.name,
      ...(options.fastOnly ? { minRank: FAST_MIN_RANK } : {}),
    });
    this.claimMs.push(performance.now() - asked);
    if (this.claimMs.length > CLAIM_SAMPLES) this.claimMs.shift();
    if (outcome.kind === 'host-down') this.ctx.health?.noteDown(slot.host!.host);
    return outcome.kind === 'claimed' ? outcome.claim : undefined;
  }

  private async releaseHandedBack(): Promise<void> {
    for (let slot = this.handedBack.shift(); slot; slot = this.handedBack.shift()) await this.release(slot);
  }

  private own(slot: Slot): Slot {
    return this.watchdog.track(slot);
  }

  private async release(slot: Slot): Promise<void> {
    this.watchdog.untrack(slot);
    if (slot.host) await this.ctx.locks!.unlock(slot.host.lockKey, slot.index).catch(() => {});
    else this.localBusy.delete(slot.index);
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

  private noteBusy(host: string, ms: number): void {
    const samples = this.busyMs.get(host) ?? [];
    samples.push(ms);
    if (samples.length > BUSY_SAMPLES) samples.shift();
    this.busyMs.set(host, samples);
  }

  /**
   * Claims the next job for a host's slot shortly before the host is expected to answer (its
   * median recent busy time, less half again the slowest recent claim), so that the host gets its next request the
   * moment it answers instead of one claim later. A claim the slot cannot use (the host failed, the
   * worker stops, the host is much slower than its record) goes back to the queue in its old place.
   *
   * A relax job claimed ahead yields to fast work: when the slot frees and something may have
   * arrived since the claim (a wake-up came), a claim of fast or turbo work goes first, and the
   * relax job, had one come, goes back to its place. So a relax job never starts while a fast job
   * that was known waits, and a fast job waits at most for the one relax job already running.
   */
  private stageNext(slot: Slot, released: () => boolean): { take(): Promise<Claim | undefined> } {
    const samples = slot.host ? this.busyMs.get(slot.host.host) : undefined;
    if (!samples?.length) return { take: async () => undefined };
    const expectedMs = [...samples].sort((a, b) => a - b)[samples.length >> 1]!;
    // Early enough for the slowest of the latest claims: one claim still on its way when the host
    // answers costs the host its wait, while claiming a little early costs nothing but the time
    // the job shows as started before its host takes it.
    const leadMs = Math.min(200, Math.max(40, 1.5 * Math.max(0, ...this.claimMs)));
    let claiming: Promise<Claim | undefined> | undefined;
    let expiry: NodeJS.Timeout | undefined;
    let since = 0;
    const timer = setTimeout(
      () => {
        if (released() || this.stopping) return;
        since = this.ctx.waker.mark(this.family);
        claiming = this.claimJob(slot).catch(() => undefined);
        void claiming.then((claim) => {
          if (!claim || released()) return;
          expiry = setTimeout(() => {
            if (released() || claiming === undefined) return;
            claiming = undefined;
            void this.giveBack(claim).then(() => this.ctx.waker.wake(this.family));
          }, leadMs + STAGE_HOLD_MS);
        });
      },
      Math.max(0, expectedMs - leadMs),
    );
    return {
      take: async () => {
        clearTimeout(timer);
        const claim = await claiming;
        clearTimeout(expiry);
        claiming = undefined;
        if (claim?.job?.lane !== 'relax' || this.ctx.waker.mark(this.family) === since) return claim;
        const fast = await this.claimJob(slot, { fastOnly: true }).catch(() => undefined);
        if (!fast) return claim;
        await this.giveBack(claim);
        this.ctx.waker.wake(this.family);
        return fast;
      },
    };
  }

  /** A claim taken ahead that its slot could not use: back to the queue, or to the next slot. */
  private async giveBack(claim: Claim): Promise<void> {
    await whileUnavailable(() => unclaimJob(this.ctx.database, this.family, claim)).catch(
      (error: unknown) => {
        // The queue's supervision hands it on when its heartbeat lapses, as after a crash.
        console.error(`${this.family} dispatcher: a claim could not be given back:`, describeError(error));
      },
    );
  }

  private launch(claim: Claim, slot: Slot): void {
    const abandon = new AbortController();
    let handBack: AbandonReason | undefined;
    let slotLost = false;
    let released = false;
    const entry: Running = {
      done: Promise.resolve(),
      slot,
      holdsSlot: () => !released,
      abandon: (reason) => {
        if (reason === 'slot-lost') slotLost = true;
        if (handBack) return;
        handBack = reason;
        abandon.abort(new Error(HANDED_BACK[reason].message));
      },
    };
    const stage = this.stageNext(slot, () => released);
    // The slot is the host's: it is free again as soon as the host has answered, while this
    // process stores the outputs and settles the job. It goes straight to the job claimed ahead
    // for it, or else to this dispatcher's next job still locked; it is unlocked when no job
    // waits, or when the worker stops.
    const release = async () => {
      if (released) return;
      released = true;
      const next = await stage.take();
      const usable =
        !slotLost &&
        !this.stopping &&
        (!slot.host || !this.ctx.health || this.ctx.health.isUp(slot.host.host));
      if (next && usable) return this.launch(next, slot);
      if (next) await this.giveBack(next);
      if (slotLost) return; // its lock went with the connection
      if (this.stopping) await this.release(slot);
      else this.handedBack.push(slot);
      this.ctx.waker.wake(this.family);
    };
    entry.done = this.attempt(claim, slot, abandon, () => handBack, release)
      .catch((error: unknown) => {
        console.error(`${this.family} attempt:`, describeError(error));
      })
      .finally(async () => {
        this.running.delete(entry);
        await release();
        // Its owner's running limit has room again (the queue has its end): a job of theirs
        // waiting for that can go to the slot left idle, now rather than at the next poll.
        if (this.slotIdle) this.ctx.waker.wake(this.family);
      });
    this.running.add(entry);
  }

  private async attempt(
    job: Claim,
    slot: Slot,
    abandon: AbortController,
    mustHandBack: () => AbandonReason | undefined,
    hostDone: () => Promise<void>,
  ): Promise<void> {
    const { queue, settings, database } = this.ctx;
    const name = QUEUE_NAMES[this.family];
    const claim = { id: job.attempt.id, retryCount: job.attempt.retryCount };
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
    let databaseLost = false;
    try {
      outcome = await runJob({
        database,
        storage: this.ctx.storage,
        provider: this.provider,
        deadlineSeconds: settings.deadlines[this.family],
        host: slot.host?.url,
        failover: !!slot.host,
        // Once the host's last answer has arrived (the provider's `hostDone`), and only then: a host
        // that failed leaves rotation before its slot is let go. One whose answer then does not
        // decode leaves it a moment after; a job already sent there comes back uncounted.
        onProviderDone: () => {
          if (hostAnswered !== undefined) return;
          hostAnswered = performance.now();
          // Known before the slot takes its next job, whose claim ahead it times.
          if (slot.host) this.noteBusy(slot.host.host, hostAnswered - started);
          void hostDone();
        },
        attempt: {
          jobId: job.jobId,
          retryCount: job.attempt.retryCount,
          retryLimit: job.attempt.retryLimit,
          signal: abandon.signal,
        },
        started: job.job,
      });
    } catch (error) {
      // The database went away mid-attempt: nothing is known to have ended, so the job goes back
      // to the queue uncounted once the database answers (ending a job is conditional, so a
      // second run of one that did end only finds it over).
      if (!isDatabaseUnavailable(error)) throw error;
      console.error(
        `${this.family} attempt: database unavailable (${reasonOf(error)}); the job goes back to the queue`,
      );
      outcome = { kind: 'abandoned' };
      databaseLost = true;
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
          jobId: job.jobId,
          outcome: label,
          busySeconds,
        }).catch(() => {});
    };
    switch (outcome.kind) {
      case 'ended': {
        if (outcome.hostFault) await this.ctx.health?.markDown(slot.host!.host, describe(outcome.hostFault));
        await whileUnavailable(() => queue.boss.complete(name, claim)).catch(() => {});
        const row = await getJob(database.db, job.jobId).catch(() => null);
        if (row?.status === 'succeeded' && slot.host) {
          this.ctx.health?.noteSuccess(slot.host.host);
          await countFleetHostJob(database.db, slot.host.host).catch(() => {});
        }
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
        if (outcome.hostFault) await this.ctx.health?.markDown(slot.host!.host, describe(outcome.error));
        await whileUnavailable(() => queue.boss.fail(name, claim, { code: outcome.error.code })).catch(
          () => {},
        );
        return;
      case 'host-failed':
        count('retried', outcome.error.code);
        await this.ctx.health?.markDown(slot.host!.host, describe(outcome.error));
        await whileUnavailable(() => queue.handBack(this.family, claim));
        return;
      case 'abandoned': {
        // Otherwise the claim went to another worker, which owns the job now.
        const reason = mustHandBack() ?? (databaseLost ? 'stopping' : undefined);
        if (!reason) return;
        if (reason === 'host-left') count('moved');
        await whileUnavailable(() => requeueJob(database.db, job.jobId, HANDED_BACK[reason]));
        // Fenced to this attempt: if the queue gave the job to another worker meanwhile (the
        // database stayed away past the heartbeat), this changes nothing and that one owns it.
        await whileUnavailable(() => queue.handBack(this.family, claim));
        return;
      }
    }
  }
}

const slotKey = (slot: Slot) => (slot.host ? `${slot.host.host}#${slot.index}` : `local#${slot.index}`);

/**
 * Runs `call` again, with bounded backoff, while the database is unreachable, for at most 30 s;
 * past that the queue's own supervision takes over (the claim's heartbeat lapses and the job is
 * retried), as after a crash.
 */
async function whileUnavailable<T>(call: () => Promise<T>, maxMs = 30_000): Promise<T> {
  const deadline = Date.now() + maxMs;
  for (let failures = 0; ; failures++) {
    try {
      return await call();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, backoffMs(failures)));
    }
  }
}

function describe(error: Error): string {
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${(error as { code?: string }).code ?? 'ERROR'}${cause}`.slice(0, 500);
}
