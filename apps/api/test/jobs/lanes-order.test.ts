import { type JobRow, getJob } from '@app/db';
import { ledgerEntriesOf } from '@app/db/testing';
import { type A1111StandIn, startA1111StandIn } from '@app/generation/stand-ins/a1111';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import { startBackendWorker } from './backend-helpers.ts';
import { createJobsApp, submit, user } from './helpers.ts';

/*
 * The lanes on one host (one job at a time): relax jobs take the slot only when no fast or turbo job
 * waits, a relax job running is never stopped for fast work, so fast work waits at most for the one
 * relax job it found running; turbo goes ahead of the same plan's fast work at twice the price;
 * relax work goes to whoever used relax least this period.
 */

let t: TestContext | undefined;
let stopWorker: (() => Promise<void>) | undefined;
let sd: A1111StandIn | undefined;
afterEach(async () => {
  await stopWorker?.();
  await t?.close();
  await sd?.close();
  t = stopWorker = sd = undefined;
});

async function start(generationMs: number) {
  sd = await startA1111StandIn();
  sd.serial = true;
  sd.generationMs = generationMs;
  t = await createJobsApp({ GENERATION_BACKENDS: `image=a1111:${sd.url}` });
}

const make = async (cookie: string, prompt: string, lane?: string) => {
  const response = await submit(t!, cookie, {
    command: 'make',
    options: { prompt },
    ...(lane ? { lane } : {}),
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json<{ job: { id: string; lane: string; cost: { credits: number } } }>().job;
};

const rows = async (ids: string[]) =>
  Promise.all(ids.map(async (id) => (await getJob(t!.database.db, id)) as JobRow));

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('lanes in the dispatcher', () => {
  it('during a fast flood relax jobs wait; the relax job running finishes and fast work waits for no other', async () => {
    // Long enough for the whole flood to be in while the first relax job runs.
    await start(1_500);
    const relaxer = await user(t!, 'relaxer', { credits: 0, subscriptionStatus: 'Professional Plan' });
    const fast = await user(t!, 'fast', { credits: 100, subscriptionStatus: 'Professional Plan' });
    stopWorker = await startBackendWorker(t!);
    // A first job gives the host its record, so its slot claims each next job ahead of its end.
    const warmUp = (await make(fast.cookie, 'warm up')).id;
    await until(async () => (await getJob(t!.database.db, warmUp))!.status === 'succeeded');
    const relaxed: string[] = [];
    for (let n = 0; n < 3; n++) relaxed.push((await make(relaxer.cookie, `relax ${n}`, 'relax')).id);
    // The first relax job takes the idle host; then a fast flood arrives.
    await until(async () => (await getJob(t!.database.db, relaxed[0]!))!.status === 'running');
    const flood: string[] = [];
    for (let n = 0; n < 4; n++) flood.push((await make(fast.cookie, `fast ${n}`)).id);
    expect((await getJob(t!.database.db, relaxed[0]!))!.status).toBe('running');
    await until(
      async () => (await rows([...relaxed, ...flood])).every((job) => job.status === 'succeeded'),
      60_000,
    );

    const [first, ...waitingRelax] = await rows(relaxed);
    const fastJobs = await rows(flood);
    // The relax job running when the flood came was not stopped: one attempt, one generation.
    expect(first!.attempts).toBe(1);
    expect(sd!.calls('POST', '/sdapi/v1/txt2img')).toHaveLength(8);
    // Every fast job ran before the relax jobs still waiting, and none waited for a relax job that
    // started after it arrived: at most the one already running.
    const lastFastStart = Math.max(...fastJobs.map((job) => job.startedAt!.getTime()));
    for (const job of waitingRelax) expect(job.startedAt!.getTime()).toBeGreaterThan(lastFastStart);
    for (const job of fastJobs) {
      const startedMeanwhile = [first!, ...waitingRelax].filter(
        (relax) => relax.startedAt! > job.createdAt && relax.startedAt! < job.startedAt!,
      );
      expect(startedMeanwhile).toHaveLength(0);
    }
    // Relax cost nothing; each fast job its price.
    const relaxEntries = await ledgerEntriesOf(t!.database.db, relaxer.id);
    expect(relaxEntries.map((row) => [row.reason, row.delta])).toEqual([
      ['job make relax', 0],
      ['job make relax', 0],
      ['job make relax', 0],
    ]);
    expect((await ledgerEntriesOf(t!.database.db, fast.id)).filter((row) => row.delta === -4)).toHaveLength(
      5,
    );
  });

  it('turbo overtakes fast work of the same plan and costs twice', async () => {
    await start(300);
    const member = await user(t!, 'member', { credits: 100, subscriptionStatus: 'Professional Plan' });
    const other = await user(t!, 'other', { credits: 100, subscriptionStatus: 'Professional Plan' });
    const waiting: string[] = [];
    waiting.push((await make(member.cookie, 'fast a')).id);
    waiting.push((await make(other.cookie, 'fast b')).id);
    waiting.push((await make(other.cookie, 'fast c')).id);
    const turbo = await make(member.cookie, 'turbo', 'turbo');
    expect(turbo).toMatchObject({ lane: 'turbo', cost: { credits: 8, hypercredits: 0 } });
    // Its place: ahead of every fast job waiting.
    const position = async (id: string) =>
      (await t!.app.inject({ url: `/api/jobs/${id}`, headers: { cookie: member.cookie } })).json().job
        .position as number;
    expect(await position(turbo.id)).toBe(0);
    expect(await position(waiting[0]!)).toBe(1);
    stopWorker = await startBackendWorker(t!);
    await until(
      async () => (await rows([...waiting, turbo.id])).every((job) => job.status === 'succeeded'),
      60_000,
    );
    const [turboRow] = await rows([turbo.id]);
    for (const job of await rows(waiting))
      expect(turboRow!.startedAt!.getTime()).toBeLessThan(job.startedAt!.getTime());
    const entries = await ledgerEntriesOf(t!.database.db, member.id);
    expect(entries.filter((row) => row.delta < 0).map((row) => [row.reason, row.delta])).toEqual([
      ['job make', -4],
      ['job make turbo', -8],
    ]);
  });

  it('orders relax work by relax use this period, least used first, below every fast job', async () => {
    await start(300);
    const heavy = await user(t!, 'heavy', { subscriptionStatus: 'Founders Plan' });
    const light = await user(t!, 'light', { subscriptionStatus: 'Founders Plan' });
    const free = await user(t!, 'free', { credits: 20 });
    const heavyJobs: string[] = [];
    for (let n = 0; n < 4; n++) heavyJobs.push((await make(heavy.cookie, `heavy ${n}`, 'relax')).id);
    const lightJob = (await make(light.cookie, 'light', 'relax')).id;
    const freeJob = (await make(free.cookie, 'free fast')).id;
    const position = async (cookie: string, id: string) =>
      (await t!.app.inject({ url: `/api/jobs/${id}`, headers: { cookie } })).json().job.position as number;
    // A free person's fast job is ahead of all relax work; the light user's first relax job ahead of
    // the heavy user's second.
    expect(await position(free.cookie, freeJob)).toBe(0);
    expect(await position(heavy.cookie, heavyJobs[0]!)).toBe(1);
    expect(await position(light.cookie, lightJob)).toBe(2);
    for (const [n, id] of heavyJobs.slice(1).entries()) expect(await position(heavy.cookie, id)).toBe(3 + n);
  });
});
