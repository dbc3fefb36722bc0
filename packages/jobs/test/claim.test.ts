import {
  JOB_EVENTS_CHANNEL,
  endJob,
  getJob,
  insertJob,
  markFleetHostDown,
  registerFleetHosts,
  setQueueJobId,
} from '@app/db';
import { FAST_MIN_RANK, dispatchRank } from '@app/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimNextJob, unclaimJob } from '../src/fleet/claim.ts';
import { type Pipeline, createPipeline, createUserWith, waitFor } from './helpers.ts';

/** The dispatch claim: host check, the best job in dispatch order and its start, in one statement. */

const HOST = 'http://gpu-1:7860';

let pipeline: Pipeline;
beforeEach(async () => {
  pipeline = await createPipeline();
  await registerFleetHosts(pipeline.database.db, [
    { host: HOST, provider: 'a1111', families: ['image'], slots: 1 },
  ]);
});
afterEach(async () => pipeline.close());

/** A job queued as the API queues it: with its rank, grouped under its owner. */
async function enqueueRanked(userId: string, rank: number) {
  const requestId = `r${Math.random()}`;
  return pipeline.database.db.transaction(async (tx) => {
    const job = (await insertJob(tx, {
      userId,
      command: 'make',
      family: 'image',
      options: { prompt: 'a fox' },
      priority: rank,
      source: 'test',
      requestId,
    }))!;
    await setQueueJobId(tx, job.id, await pipeline.queue.send(tx, { ...job, userId }));
    return job;
  });
}

const claim = () => claimNextJob(pipeline.database, 'image', { host: HOST, provider: 'a1111' });

describe('the dispatch claim', () => {
  it('takes the best waiting job (rank, then age) and starts it; nothing when none waits', async () => {
    const user = await createUserWith(pipeline.database, 10);
    const older = await enqueueRanked(user.id, 0);
    const higher = await enqueueRanked(user.id, 5);
    const first = await claim();
    expect(first.kind).toBe('claimed');
    if (first.kind !== 'claimed') return;
    expect(first.claim.jobId).toBe(higher.id);
    expect(first.claim.attempt).toMatchObject({ retryCount: 0 });
    expect(first.claim.job).toMatchObject({
      id: higher.id,
      status: 'running',
      attempts: 1,
      provider: 'a1111',
    });
    expect(first.claim.job!.startedAt).toBeInstanceOf(Date);
    expect(first.claim.job!.options).toEqual({ prompt: 'a fox' });
    expect((await getJob(pipeline.database.db, higher.id))!.status).toBe('running');
    const second = await claim();
    expect(second.kind === 'claimed' && second.claim.jobId).toBe(older.id);
    expect((await claim()).kind).toBe('empty');
  });

  it('announces the start to every listening process', async () => {
    const events: unknown[] = [];
    const unlisten = await pipeline.database.listen(JOB_EVENTS_CHANNEL, (payload) =>
      events.push(JSON.parse(payload)),
    );
    try {
      const user = await createUserWith(pipeline.database, 10);
      const job = await enqueueRanked(user.id, 0);
      await claim();
      await waitFor(async () => events.length > 0);
      expect(events).toEqual([{ jobId: job.id, userId: user.id, status: 'running', progress: 0 }]);
    } finally {
      await unlisten();
    }
  });

  it('takes nothing for a host another process took out of rotation', async () => {
    const user = await createUserWith(pipeline.database, 10);
    const job = await enqueueRanked(user.id, 0);
    await markFleetHostDown(pipeline.database.db, HOST, 'BACKEND_BUSY: seen elsewhere');
    expect((await claim()).kind).toBe('host-down');
    expect((await getJob(pipeline.database.db, job.id))!.status).toBe('queued');
    // A local slot has no host to ask about.
    const local = await claimNextJob(pipeline.database, 'image', { provider: 'local' });
    expect(local.kind === 'claimed' && local.claim.jobId).toBe(job.id);
  });

  it("keeps a person's running jobs under their class's limit; others' jobs go meanwhile", async () => {
    const flooder = await createUserWith(pipeline.database, 10);
    const other = await createUserWith(pipeline.database, 10);
    const flood = [];
    for (let round = 0; round < 3; round++)
      flood.push(await enqueueRanked(flooder.id, dispatchRank('free', round)));
    const late = await enqueueRanked(other.id, dispatchRank('free', 5));
    const taken = [];
    for (let i = 0; i < 4; i++) {
      const outcome = await claim();
      taken.push(outcome.kind === 'claimed' ? outcome.claim.jobId : outcome.kind);
    }
    // Free accounts run two at a time: the flooder's third job waits behind a later, lower one.
    expect(taken).toEqual([flood[0]!.id, flood[1]!.id, late.id, 'empty']);
  });

  it('hands back the queue entry of a job that ended while queued, with no job to run', async () => {
    const user = await createUserWith(pipeline.database, 10);
    const job = await enqueueRanked(user.id, 0);
    await endJob(pipeline.database.db, job.id, 'cancelled', null);
    const outcome = await claim();
    expect(outcome.kind === 'claimed' && outcome.claim.job).toBeNull();
  });

  it('gives back a claim taken ahead: the job waits again in its old place, as before the claim, and says so', async () => {
    const user = await createUserWith(pipeline.database, 10);
    const first = await enqueueRanked(user.id, 0);
    const second = await enqueueRanked(user.id, 0);
    const taken = await claim();
    if (taken.kind !== 'claimed') throw new Error(`claimed nothing: ${taken.kind}`);
    expect(taken.claim.jobId).toBe(first.id);
    const events: { jobId: string; status: string }[] = [];
    const unlisten = await pipeline.database.listen(JOB_EVENTS_CHANNEL, (payload) =>
      events.push(JSON.parse(payload) as { jobId: string; status: string }),
    );
    try {
      expect(await unclaimJob(pipeline.database, 'image', taken.claim)).toBe(true);
      await waitFor(async () => events.length > 0);
      expect(events).toEqual([{ jobId: first.id, userId: user.id, status: 'queued', progress: 0 }]);
    } finally {
      await unlisten();
    }
    expect(await getJob(pipeline.database.db, first.id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      startedAt: null,
    });
    // Fenced to the attempt: a second give-back of the same claim changes nothing.
    expect(await unclaimJob(pipeline.database, 'image', taken.claim)).toBe(false);
    // Still first in line, and claimed afresh as a first attempt.
    const again = await claim();
    expect(again.kind === 'claimed' && again.claim).toMatchObject({
      jobId: first.id,
      attempt: { retryCount: 0 },
      job: { status: 'running', attempts: 1 },
    });
    const next = await claim();
    expect(next.kind === 'claimed' && next.claim.jobId).toBe(second.id);
  });
});

describe('a claim of fast work alone', () => {
  it('takes no relax job: the one a relax job claimed ahead yields to when fast work arrived', async () => {
    const user = await createUserWith(pipeline.database, 10);
    const relax = await enqueueRanked(user.id, dispatchRank('paid', 0, 'relax'));
    const ahead = await claimNextJob(pipeline.database, 'image', {
      host: HOST,
      provider: 'a1111',
      minRank: FAST_MIN_RANK,
    });
    expect(ahead.kind).toBe('empty');
    const fast = await enqueueRanked(user.id, dispatchRank('free', 3));
    const claimed = await claimNextJob(pipeline.database, 'image', {
      host: HOST,
      provider: 'a1111',
      minRank: FAST_MIN_RANK,
    });
    expect(claimed.kind === 'claimed' && claimed.claim.jobId).toBe(fast.id);
    // Once the slot is free, the relax job is taken.
    const free = await claim();
    expect(free.kind === 'claimed' && free.claim.jobId).toBe(relax.id);
  });
});
