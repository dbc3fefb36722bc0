import { randomUUID } from 'node:crypto';
import { familyStanding, getJob, insertJob, rowsOf } from '@app/db';
import { dispatchRank, queueClassOf } from '@app/domain';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QUEUE_NAMES } from '../src/queue.ts';
import { type Submission, submitInOneStatement } from '../src/submission.ts';
import { type Pipeline, createPipeline, createUserWith } from './helpers.ts';

/**
 * A submission writes the queue's entry itself, in its one statement, as pg-boss's own `send`
 * would: compared here column by column, so an upgrade of pg-boss that changes what an entry
 * holds fails this test instead of the queue.
 */

let pipeline: Pipeline;
beforeEach(async () => {
  pipeline = await createPipeline();
});
afterEach(async () => pipeline.close());

const entry = async (id: string) => {
  const [row] = rowsOf<Record<string, unknown>>(
    await pipeline.database.db.execute(sql`
      select *, extract(epoch from keep_until - start_after) as kept_for,
        extract(epoch from start_after - created_on) as delayed_by
      from pgboss.job where id = ${id}::uuid`),
  );
  return row!;
};

function submission(userId: string, rank: number): Submission {
  const tier = queueClassOf('Professional Plan', 'image');
  return {
    userId,
    family: 'image',
    activeLimit: 10,
    cost: { credits: 2, hypercredits: 0 },
    ranks: { first: rank, last: rank },
    lane: 'fast',
    relaxDailyCap: null,
    reason: 'job make',
    holdKeys: { credits: `job:test:${randomUUID()}`, hypercredits: 'unused' },
    job: {
      id: randomUUID(),
      command: 'make',
      options: { prompt: 'a fox' },
      plan: 'Professional Plan',
      public: true,
      source: 'test',
      requestId: randomUUID(),
      queueJobId: randomUUID(),
    },
    queue: { name: QUEUE_NAMES.image, tier },
    standing: { arrivalWindowJobs: 10 },
  };
}

describe("a submission's queue entry", () => {
  it("holds what pg-boss's own send writes for the same job", async () => {
    const user = await createUserWith(pipeline.database, 10);
    const rank = dispatchRank('paid', 0);
    const submitted = await submitInOneStatement(pipeline.database.db, submission(user.id, rank));
    expect(submitted.kind).toBe('created');
    if (submitted.kind !== 'created') return;
    expect(submitted.balances).toEqual({ credits: 8, hypercredits: 0 });
    expect(await getJob(pipeline.database.db, submitted.job.id)).toMatchObject({
      status: 'queued',
      priority: rank,
      costCredits: 2,
    });

    const twin = (await insertJob(pipeline.database.db, {
      userId: user.id,
      command: 'make',
      family: 'image',
      options: { prompt: 'a fox' },
      priority: rank,
      source: 'test',
      requestId: randomUUID(),
    }))!;
    const sentId = await pipeline.database.db.transaction((tx) =>
      pipeline.queue.send(tx, { ...twin, userId: user.id, queueJobId: randomUUID() }),
    );

    const ours = await entry(submitted.job.queueJobId!);
    const theirs = await entry(sentId);
    const differ = new Set(['id', 'data', 'created_on', 'start_after', 'keep_until']);
    for (const column of Object.keys(theirs).filter((name) => !differ.has(name))) {
      expect({ column, value: ours[column] }).toEqual({ column, value: theirs[column] });
    }
    expect(ours.data).toEqual({ jobId: submitted.job.id });
    expect(theirs.data).toEqual({ jobId: twin.id });
  });

  it("answers a new job's place in the queue as the standing read after it does", async () => {
    const user = await createUserWith(pipeline.database, 100);
    const rank = dispatchRank('paid', 0);
    const ahead = await submitInOneStatement(pipeline.database.db, submission(user.id, rank + 1));
    await submitInOneStatement(pipeline.database.db, submission(user.id, rank));
    const behind = await submitInOneStatement(pipeline.database.db, submission(user.id, rank - 1));
    const submitted = await submitInOneStatement(pipeline.database.db, submission(user.id, rank));
    expect([ahead.kind, behind.kind, submitted.kind]).toEqual(['created', 'created', 'created']);
    if (submitted.kind !== 'created') return;
    const { id } = submitted.job;
    expect(submitted.standing.positions).toEqual(new Map([[id, 2]]));
    const read = await familyStanding(pipeline.database.db, 'image', [id], { arrivalWindowJobs: 10 });
    expect(read.positions.get(id)).toBe(2);
    // The same family-wide figures, but for the pace: the read after it counts the job itself.
    const { arrivals, arrivalWindowSeconds, positions: _read, ...family } = read;
    const { arrivals: submittedArrivals, positions: _submitted, ...submittedFamily } = submitted.standing;
    expect(submittedFamily).toEqual({ ...family, arrivalWindowSeconds });
    const count = (list: { count: number }[]) => list.reduce((sum, arrival) => sum + arrival.count, 0);
    expect([count(submittedArrivals), count(arrivals)]).toEqual([3, 4]);
  });

  it('writes nothing when a check fails, and answers the standing that failed it', async () => {
    const user = await createUserWith(pipeline.database, 1);
    const refused = await submitInOneStatement(pipeline.database.db, submission(user.id, 0));
    expect(refused).toEqual({
      kind: 'refused',
      standing: { credits: 1, hypercredits: 0, disputed: false, active: 0, activeOfFamily: 0, relaxToday: 0 },
    });
    const [counts] = rowsOf<{ jobs: number; entries: number; ledger: number }>(
      await pipeline.database.db.execute(sql`
        select (select count(*)::int from jobs) as jobs, (select count(*)::int from pgboss.job) as entries,
          (select count(*)::int from credit_ledger where delta < 0) as ledger`),
    );
    expect(counts).toEqual({ jobs: 0, entries: 0, ledger: 0 });
  });
});
