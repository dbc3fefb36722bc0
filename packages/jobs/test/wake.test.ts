import { type Database, type JobRow, QUEUE_NOTIFY_CHANNEL, getJob } from '@app/db';
import type { GenerationResult } from '@app/generation';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { QUEUE_NAMES } from '../src/queue.ts';
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
 * Far longer than any wait below: a job that starts within `waitFor`'s 20 s was started by a
 * wake-up, never by the dispatcher's poll.
 */
const POLL_SECONDS = 120;

/**
 * The database with each dispatch claim of the image family counted, and its answer held back while
 * `hold` is set.
 */
function watchClaims(database: Database) {
  const watch = {
    claims: 0,
    hold: undefined as Promise<void> | undefined,
    /** Told of a claim whose answer is being held back. */
    held: undefined as (() => void) | undefined,
    database: {
      ...database,
      async prepared<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
        const rows = await database.prepared<T>(name, text, values);
        if (name !== 'dispatch-claim' || values[0] !== QUEUE_NAMES.image) return rows;
        const hold = watch.hold;
        watch.hold = undefined;
        if (hold) {
          watch.held?.();
          await hold;
        }
        watch.claims += 1;
        return rows;
      },
    } satisfies Database,
  };
  return watch;
}

const status = (pipeline: Pipeline, id: string) => async () =>
  (await getJob(pipeline.database.db, id))?.status;

let pipeline: Pipeline | undefined;
let worker: Worker | undefined;
afterEach(async () => {
  await worker?.stop({ deadlineMs: 1_000 });
  worker = undefined;
  await pipeline?.close();
  pipeline = undefined;
});

describe('dispatch wake-ups', () => {
  it("starts a person's job held back by their running limit as soon as one of theirs ends, not at the next poll", async () => {
    const p = (pipeline = await createPipeline({ workerConcurrency: 3 }));
    const image = await pngOf(8, 8);
    const result: GenerationResult = {
      outputs: [{ kind: 'image', mime: 'image/png', bytes: image, width: 8, height: 8 }],
    };
    const answers = new Map<string, ReturnType<typeof gate<GenerationResult>>>();
    const provider = scriptedProvider(async (request) => {
      const answer = gate<GenerationResult>();
      answers.set(request.prompt ?? '', answer);
      return answer.opened;
    });
    // The first job's outputs are stored only when the test says: until then its queue entry is
    // still running, though its slot is free again.
    const storage = memoryStorage();
    const stored = gate();
    const put = storage.put.bind(storage);
    storage.put = async (key, bytes, mime) => {
      await stored.opened;
      return put(key, bytes, mime);
    };
    const watch = watchClaims(p.database);
    const user = await createUserWith(p.database, 100);
    // A free account runs two jobs of a family at once; its third waits for one of them.
    const jobs: JobRow[] = [];
    for (const prompt of ['first', 'second', 'third'])
      jobs.push(
        await enqueue(p, user.id, {
          command: 'make',
          options: { prompt },
          price: 4,
          queueClass: 'free',
        }),
      );
    worker = await startWorker({
      ...p,
      database: watch.database,
      storage,
      providers: allFamilies(provider),
      pollingIntervalSeconds: POLL_SECONDS,
    });
    await waitFor(async () => answers.has('first') && answers.has('second'));
    // Two claims took the first two jobs; the third slot's claim has come back empty.
    await waitFor(async () => watch.claims === 3);
    expect(await status(p, jobs[2]!.id)()).toBe('queued');

    // The first job's host answers: its slot looks for work and finds the third job still held.
    const claimsBefore = watch.claims;
    answers.get('first')!.open(result);
    await waitFor(async () => watch.claims > claimsBefore);
    expect(await status(p, jobs[2]!.id)()).toBe('queued');

    // The first job ends: the third starts now.
    stored.open();
    await waitFor(async () => (await status(p, jobs[0]!.id)()) === 'succeeded');
    await waitFor(async () => answers.has('third'));
    expect(await status(p, jobs[2]!.id)()).toBe('running');
    for (const prompt of ['second', 'third']) answers.get(prompt)!.open(result);
    await waitFor(async () => (await status(p, jobs[2]!.id)()) === 'succeeded');
  });

  it('starts a job whose wake-up came while the dispatcher was still looking, not at the next poll', async () => {
    pipeline = await createPipeline();
    const provider = scriptedProvider(async () => ({
      outputs: [{ kind: 'image', mime: 'image/png', bytes: await pngOf(8, 8), width: 8, height: 8 }],
    }));
    const watch = watchClaims(pipeline.database);
    worker = await startWorker({
      ...pipeline,
      database: watch.database,
      storage: memoryStorage(),
      providers: allFamilies(provider),
      pollingIntervalSeconds: POLL_SECONDS,
    });
    // The next claim is answered (empty: no job waits) only when the test says.
    const release = gate();
    const held = gate();
    watch.hold = release.opened;
    watch.held = held.open;
    // Two wake-ups on the queue's channel: the test's own, then the job's.
    let wakeUps = 0;
    const heard = gate();
    const unlisten = await pipeline.database.listen(QUEUE_NOTIFY_CHANNEL, () => {
      if (++wakeUps === 2) heard.open();
    });
    try {
      // A wake-up with nothing to do yet sends the dispatcher to look; its empty answer is held.
      await pipeline.database.db.execute(
        sql`select pg_notify(${QUEUE_NOTIFY_CHANNEL}, ${QUEUE_NAMES.image})`,
      );
      await held.opened;
      // A job arrives, and its wake-up, while the dispatcher is still looking.
      const user = await createUserWith(pipeline.database, 10);
      const job = await enqueue(pipeline, user.id, { command: 'make', options: { prompt: 'x' }, price: 4 });
      await heard.opened;
      // The worker's own listener hears it too (on PostgreSQL, on a connection of its own).
      await new Promise((resolve) => setTimeout(resolve, 200));
      release.open();
      await waitFor(async () => (await status(pipeline!, job.id)()) === 'succeeded');
    } finally {
      await unlisten();
    }
  });
});
