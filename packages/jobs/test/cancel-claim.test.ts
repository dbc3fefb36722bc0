import { type Database, type JobRow, getJob, rowsOf } from '@app/db';
import { connectionsWaitingForRows, holdJobRow, ledgerEntriesOf } from '@app/db/testing';
import type { GenerationResult } from '@app/generation';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { QUEUE_NAMES } from '../src/queue.ts';
import { endQueuedJob } from '../src/settle.ts';
import { type Worker, startWorker } from '../src/worker/start-worker.ts';
import {
  type Pipeline,
  allFamilies,
  createPipeline,
  createUserWith,
  enqueue,
  gate,
  memoryStorage,
  pngOf,
  scriptedProvider,
  waitFor,
} from './helpers.ts';

/**
 * A cancel against each step of a dispatch claim, on a worker with one slot: whichever comes
 * first, the job ends once, is refunded at most once, and the slot is free for the next job. A
 * slot lost on the way would leave the next job queued for good (the poll is two minutes away).
 */

const POLL_SECONDS = 120;
const onPostgres = !!process.env.TEST_DATABASE_URL;

let pipeline: Pipeline | undefined;
let worker: Worker | undefined;
afterEach(async () => {
  await worker?.stop({ deadlineMs: 1_000 });
  worker = undefined;
  await pipeline?.close();
  pipeline = undefined;
});

const statusOf = async (p: Pipeline, id: string) => (await getJob(p.database.db, id))?.status;

/** The owner's cancel, as the API makes it (the job as stored, with its queue entry's id). */
async function cancel(p: Pipeline, job: JobRow) {
  const stored = (await getJob(p.database.db, job.id))!;
  return p.database.db.transaction((tx) =>
    endQueuedJob(tx, p.queue, stored, 'cancelled', { code: 'CANCELLED', message: 'Cancelled.' }),
  );
}

async function refundsOf(p: Pipeline, userId: string) {
  return (await ledgerEntriesOf(p.database.db, userId)).filter((entry) => entry.reason.startsWith('refund'));
}

/** A one-slot worker whose provider answers each job when the test says (or at once when told so). */
async function oneSlotWorker(
  p: Pipeline,
  options: { database?: Database; storage?: ReturnType<typeof memoryStorage>; slotSweepMs?: number } = {},
) {
  const answers: ReturnType<typeof gate<GenerationResult>>[] = [];
  const image = await pngOf(8, 8);
  const result: GenerationResult = {
    outputs: [{ kind: 'image', mime: 'image/png', bytes: image, width: 8, height: 8 }],
  };
  let answerAtOnce = false;
  const provider = scriptedProvider(async () => {
    if (answerAtOnce) return result;
    const answer = gate<GenerationResult>();
    answers.push(answer);
    return answer.opened;
  });
  worker = await startWorker({
    ...p,
    database: options.database ?? p.database,
    storage: options.storage ?? memoryStorage(),
    providers: allFamilies(provider),
    pollingIntervalSeconds: POLL_SECONDS,
    slotSweepMs: options.slotSweepMs,
  });
  return {
    provider,
    answers,
    result,
    answerAll() {
      answerAtOnce = true;
      for (const answer of answers.splice(0)) answer.open(result);
    },
  };
}

/** After the cancel: a new job still gets the one slot and succeeds. */
async function slotIsFree(p: Pipeline, userId: string, fleet: { answerAll(): void }) {
  fleet.answerAll();
  const next = await enqueue(p, userId, { command: 'make', options: { prompt: 'next' }, price: 4 });
  await waitFor(async () => (await statusOf(p, next.id)) === 'succeeded');
  await waitFor(async () => worker!.running().image === 0);
}

describe('a claim that fails', () => {
  it('gives its slot back, so the next job still runs', async () => {
    const p = (pipeline = await createPipeline({ workerConcurrency: 1 }));
    let failNext = false;
    // The claim fails as a deadlock would, once, after the slot was taken.
    const database: Database = {
      ...p.database,
      async prepared<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
        if (name === 'dispatch-claim' && values[0] === QUEUE_NAMES.image && failNext) {
          failNext = false;
          throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
        }
        return p.database.prepared<T>(name, text, values);
      },
    };
    // Without the watchdog, which would otherwise find a lost slot within seconds.
    const fleet = await oneSlotWorker(p, { database, slotSweepMs: 0 });
    fleet.answerAll();
    const user = await createUserWith(p.database, 100);
    failNext = true;
    const first = await enqueue(p, user.id, { command: 'make', options: { prompt: 'first' }, price: 4 });
    await waitFor(async () => !failNext);
    // The failed claim's round waits for the poll; a second job's wake-up sends the next round.
    const second = await enqueue(p, user.id, { command: 'make', options: { prompt: 'second' }, price: 4 });
    await waitFor(async () => (await statusOf(p, first.id)) === 'succeeded');
    await waitFor(async () => (await statusOf(p, second.id)) === 'succeeded');
    expect(fleet.provider.calls).toBe(2);
  });
});

describe('a cancel at each step of a claim', () => {
  it('before any claim: the job never runs, refunded once', async () => {
    const p = (pipeline = await createPipeline({ workerConcurrency: 1 }));
    const user = await createUserWith(p.database, 100);
    const job = await enqueue(p, user.id, { command: 'make', options: { prompt: 'early' }, price: 4 });
    expect((await cancel(p, job))?.status).toBe('cancelled');
    const fleet = await oneSlotWorker(p);
    await slotIsFree(p, user.id, fleet);
    expect(fleet.provider.calls).toBe(1);
    expect(await statusOf(p, job.id)).toBe('cancelled');
    expect(await refundsOf(p, user.id)).toHaveLength(1);
  });

  it.runIf(onPostgres)(
    "while the claim's statement runs: the cancel waits for the claim's lock order, never deadlocks",
    async () => {
      const p = (pipeline = await createPipeline({ workerConcurrency: 1 }));
      const user = await createUserWith(p.database, 100);
      const job = await enqueue(p, user.id, { command: 'make', options: { prompt: 'mid' }, price: 4 });
      // The job's row is held, so the claim stops inside its statement with the entry locked.
      const release = gate();
      const hold = holdJobRow(p.database.db, job.id, release.opened);
      await hold.held;
      const fleet = await oneSlotWorker(p);
      await waitFor(async () => (await connectionsWaitingForRows(p.database.db)) >= 1);
      const cancelling = cancel(p, job);
      await waitFor(async () => (await connectionsWaitingForRows(p.database.db)) >= 2);
      release.open();
      await hold.done;
      expect((await cancelling)?.status).toBe('cancelled');
      // The worker finds the job ended and lets its slot go.
      await slotIsFree(p, user.id, fleet);
      expect(await statusOf(p, job.id)).toBe('cancelled');
      expect(await refundsOf(p, user.id)).toHaveLength(1);
    },
  );

  it('while its host works on it: the attempt stops, refunded once', async () => {
    const p = (pipeline = await createPipeline({ workerConcurrency: 1 }));
    const user = await createUserWith(p.database, 100);
    const fleet = await oneSlotWorker(p);
    const job = await enqueue(p, user.id, { command: 'make', options: { prompt: 'busy' }, price: 4 });
    await waitFor(async () => fleet.answers.length === 1);
    expect((await cancel(p, job))?.status).toBe('cancelled');
    await slotIsFree(p, user.id, fleet);
    expect(await statusOf(p, job.id)).toBe('cancelled');
    expect(await refundsOf(p, user.id)).toHaveLength(1);
  });

  it('while its outputs are stored: they are not kept, refunded once', async () => {
    const p = (pipeline = await createPipeline({ workerConcurrency: 1 }));
    const user = await createUserWith(p.database, 100);
    const storage = memoryStorage();
    const storing = gate();
    const stored = gate();
    const put = storage.put.bind(storage);
    storage.put = async (key, bytes, mime) => {
      storing.open();
      await stored.opened;
      return put(key, bytes, mime);
    };
    const fleet = await oneSlotWorker(p, { storage });
    const job = await enqueue(p, user.id, { command: 'make', options: { prompt: 'storing' }, price: 4 });
    await waitFor(async () => fleet.answers.length === 1);
    fleet.answers[0]!.open(fleet.result);
    await storing.opened;
    expect((await cancel(p, job))?.status).toBe('cancelled');
    stored.open();
    await slotIsFree(p, user.id, fleet);
    expect(await statusOf(p, job.id)).toBe('cancelled');
    expect(await refundsOf(p, user.id)).toHaveLength(1);
    // Only the next job's image and its picture are left.
    expect([...storage.objects.keys()].every((key) => !key.includes(job.id))).toBe(true);
  });

  it('after it succeeded: nothing changes, nothing refunded', async () => {
    const p = (pipeline = await createPipeline({ workerConcurrency: 1 }));
    const user = await createUserWith(p.database, 100);
    const fleet = await oneSlotWorker(p);
    fleet.answerAll();
    const job = await enqueue(p, user.id, { command: 'make', options: { prompt: 'done' }, price: 4 });
    await waitFor(async () => (await statusOf(p, job.id)) === 'succeeded');
    expect(await cancel(p, job)).toBeNull();
    await slotIsFree(p, user.id, fleet);
    expect(await statusOf(p, job.id)).toBe('succeeded');
    expect(await refundsOf(p, user.id)).toHaveLength(0);
  });
});

describe.runIf(onPostgres)('a cancel while a claim holds the queue entry', () => {
  it("locks the entry before the job's row, the claim's order", async () => {
    const p = (pipeline = await createPipeline());
    const user = await createUserWith(p.database, 100);
    const job = await enqueue(p, user.id, { command: 'make', options: { prompt: 'x' }, price: 4 });
    const { queueJobId } = (await getJob(p.database.db, job.id))!;
    // Another transaction holds the entry, as a claim does between its two updates.
    const release = gate();
    const entryHeld = gate();
    const claim = p.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from pgboss.job where id = ${queueJobId}::uuid for update`);
      entryHeld.open();
      await release.opened;
    });
    await entryHeld.opened;
    const cancelling = cancel(p, job);
    await waitFor(async () => (await connectionsWaitingForRows(p.database.db)) >= 1);
    // The cancel waits without holding the job's row, so the claim could still take it.
    const free = await p.database.db.transaction(async (tx) =>
      rowsOf(await tx.execute(sql`select id from jobs where id = ${job.id}::uuid for update nowait`)),
    );
    expect(free).toHaveLength(1);
    release.open();
    await claim;
    expect((await cancelling)?.status).toBe('cancelled');
    const [entry] = rowsOf<{ state: string }>(
      await p.database.db.execute(sql`select state from pgboss.job where id = ${queueJobId}::uuid`),
    );
    expect(entry?.state).toBe('cancelled');
    expect(await refundsOf(p, user.id)).toHaveLength(1);
  });
});
