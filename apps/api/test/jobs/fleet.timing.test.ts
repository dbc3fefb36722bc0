import { findUserById, getJob } from '@app/db';
import { ledgerEntriesOf } from '@app/db/testing';
import { type A1111StandIn, startA1111StandIn } from '@app/generation/stand-ins/a1111';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import { startBackendWorker } from './backend-helpers.ts';
import { createJobsApp, submit, user, waitForJob } from './helpers.ts';
import { until } from './processes.ts';

/**
 * The fleet under contention, on PostgreSQL: stand-in A1111 hosts that, like a GPU, run one
 * generation at a time, and one worker. Each check is a deadline, so it lives in the timing project.
 */
const url = process.env.TEST_DATABASE_URL;

let t: TestContext | undefined;
let stopWorker: (() => Promise<void>) | undefined;
const hosts: A1111StandIn[] = [];
afterEach(async () => {
  await stopWorker?.();
  await t?.close();
  for (const host of hosts.splice(0)) await host.close();
  t = undefined;
  stopWorker = undefined;
});

async function gpu(ms: number) {
  const host = await startA1111StandIn();
  host.serial = true;
  host.generationMs = ms;
  hosts.push(host);
  return host;
}

async function fleet(urls: string[], env: Record<string, string> = {}) {
  t = await createJobsApp({ GENERATION_BACKENDS: `image=a1111:${urls.join('|')}`, ...env });
  stopWorker = await startBackendWorker(t);
  return t;
}

const make = async (ctx: TestContext, cookie: string, prompt: string) =>
  (await submit(ctx, cookie, { command: 'make', options: { prompt } })).json().job as { id: string };

describe.skipIf(!url)('the generation fleet', () => {
  it("runs a newcomer's single job within 6 s behind four people's floods, both hosts busy at once", async () => {
    const [a, b] = [await gpu(1500), await gpu(1500)];
    const ctx = await fleet([a.url, b.url]);
    let bothBusy = false;
    const watch = setInterval(() => (bothBusy ||= a.active > 0 && b.active > 0), 25);
    try {
      const flooders = await Promise.all([1, 2, 3, 4].map((n) => user(ctx, `flooder${n}`, { credits: 100 })));
      for (let round = 0; round < 8; round++) {
        for (const flooder of flooders) await make(ctx, flooder.cookie, `flood ${round}`);
      }
      const newcomer = await user(ctx, 'newcomer', { credits: 10 });
      const submitted = Date.now();
      const job = await make(ctx, newcomer.cookie, 'just one lighthouse');
      const done = await waitForJob(ctx, newcomer.cookie, job.id, 60_000);
      const row = (await getJob(ctx.database.db, job.id))!;
      expect(done.status).toBe('succeeded');
      expect(row.finishedAt!.getTime() - submitted).toBeLessThan(6_000);
      expect(bothBusy).toBe(true);
      // A GPU runs one job at a time: no host was ever given two.
      expect(Math.max(a.maxActive, b.maxActive)).toBe(1);
    } finally {
      clearInterval(watch);
    }
  }, 120_000);

  it("starts a Founders Image Only member's /make next, ahead of a queue of free-plan jobs", async () => {
    const host = await gpu(600);
    const ctx = await fleet([host.url]);
    const free = await Promise.all([1, 2, 3].map((n) => user(ctx, `free${n}`, { credits: 100 })));
    const waiting: string[] = [];
    for (let round = 0; round < 3; round++) {
      for (const person of free) waiting.push((await make(ctx, person.cookie, `free ${round}`)).id);
    }
    await until(async () => (await getJob(ctx.database.db, waiting[0]!))?.status === 'running', 20_000);
    const founder = await user(ctx, 'founder', {
      credits: 100,
      subscriptionStatus: 'Founders Image Only Plan',
    });
    const submitted = new Date();
    const priority = await make(ctx, founder.cookie, 'the founder first');
    expect((await waitForJob(ctx, founder.cookie, priority.id, 60_000)).status).toBe('succeeded');
    const founderStart = (await getJob(ctx.database.db, priority.id))!.startedAt!;
    // Every free job that started after the founder's submission started after the founder's job.
    for (const id of waiting) {
      const row = (await getJob(ctx.database.db, id))!;
      if (row.startedAt && row.startedAt > submitted) expect(row.startedAt > founderStart).toBe(true);
    }
    const stillWaiting = await Promise.all(waiting.map((id) => getJob(ctx.database.db, id)));
    expect(stillWaiting.filter((row) => row!.status === 'queued').length).toBeGreaterThan(0);
  }, 120_000);

  it('abandons a job stuck in a step that never returns at the image deadline, interrupts the host and frees its slot', async () => {
    const host = await gpu(200);
    host.hang = true;
    // The host leaves rotation at its first timeout and is back at the next probe that finds it well.
    const ctx = await fleet([host.url], { JOB_DEADLINE_IMAGE_SECONDS: '2', FLEET_PROBE_SECONDS: '0.5' });
    const person = await user(ctx, 'stuck', { credits: 100 });
    const stuck = await make(ctx, person.cookie, 'never finishes');
    await until(async () => (await getJob(ctx.database.db, stuck.id))?.status === 'running', 20_000);
    const started = Date.now();
    const next = await make(ctx, person.cookie, 'the next one');
    // The host stops hanging; the slot is only free again if the stuck attempt was given up.
    host.hang = false;
    const done = await waitForJob(ctx, person.cookie, next.id, 30_000);
    expect(done.status).toBe('succeeded');
    const nextStarted = (await getJob(ctx.database.db, next.id))!.startedAt!.getTime();
    expect(nextStarted - started).toBeGreaterThanOrEqual(1_500);
    expect(nextStarted - started).toBeLessThan(6_000);
    expect(host.calls('POST', '/sdapi/v1/interrupt').length).toBeGreaterThanOrEqual(1);
    const health = (await ctx.app.inject('/api/health')).json();
    expect(health.backends[0]).toMatchObject({
      status: 'up',
      lastError: { code: expect.stringMatching(/^(BACKEND_)?TIMEOUT$/) },
    });
    // The stuck job was retried after its deadline, not lost: it finishes, charged once.
    expect((await waitForJob(ctx, person.cookie, stuck.id, 30_000)).status).toBe('succeeded');
  }, 90_000);

  it('keeps every job whole when one host is killed mid-flood, and uses the host again once it is back', async () => {
    let a = await gpu(700);
    const b = await gpu(700);
    const ctx = await fleet([a.url, b.url], { FLEET_PROBE_SECONDS: '0.5' });
    const people = await Promise.all([1, 2, 3, 4].map((n) => user(ctx, `crowd${n}`, { credits: 100 })));
    const jobs: { id: string; cookie: string }[] = [];
    for (let round = 0; round < 5; round++) {
      for (const person of people) {
        jobs.push({ id: (await make(ctx, person.cookie, `crowd ${round}`)).id, cookie: person.cookie });
      }
    }
    await until(() => a.generated >= 1 && a.active > 0, 30_000);
    const port = Number(new URL(a.url).port);
    await a.close();
    hosts.splice(hosts.indexOf(a), 1);
    const before = b.generated;
    await until(() => b.generated >= before + 2, 30_000);
    a = await startA1111StandIn({ port });
    a.serial = true;
    a.generationMs = 700;
    hosts.push(a);

    const ended = await Promise.all(jobs.map((job) => waitForJob(ctx, job.cookie, job.id, 90_000)));
    for (const job of ended) expect(['succeeded', 'failed']).toContain(job.status);
    expect(a.generated).toBeGreaterThanOrEqual(1);
    for (const person of people) {
      const entries = (await ledgerEntriesOf(ctx.database.db, person.id)).filter(
        (e) => e.currency === 'credits',
      );
      const row = (await findUserById(ctx.database.db, person.id))!;
      // The account started with 100 credits outside the ledger; every change since is in it.
      expect(100 + entries.reduce((sum, entry) => sum + entry.delta, 0)).toBe(row.credits);
      const charges = entries.filter((entry) => entry.delta < 0);
      const refunds = entries.filter((entry) => entry.delta > 0 && entry.reason.startsWith('refund'));
      // One charge per job, never two; one refund per failed job, never two.
      expect(charges).toHaveLength(5);
      expect(new Set(charges.map((entry) => entry.idempotencyKey)).size).toBe(5);
      const failed = ended.filter((job, i) => jobs[i]!.cookie === person.cookie && job.status === 'failed');
      expect(refunds).toHaveLength(failed.length);
    }
    const health = (await ctx.app.inject('/api/health')).json();
    expect(health.backends.find((h: { host: string }) => h.host === a.url)).toMatchObject({
      status: 'up',
      lastError: { code: expect.stringMatching(/^BACKEND_/) },
    });
  }, 150_000);

  it('stops a worker within its deadline, handing its running job back to run elsewhere, charged once', async () => {
    const host = await gpu(8_000);
    const ctx = await fleet([host.url]);
    const person = await user(ctx, 'patient', { credits: 10 });
    const job = await make(ctx, person.cookie, 'a slow painting');
    await until(() => host.active > 0, 20_000);
    const stopping = Date.now();
    await stopWorker!();
    stopWorker = undefined;
    expect(Date.now() - stopping).toBeLessThan(3_000);
    const row = (await getJob(ctx.database.db, job.id))!;
    expect(row.status).toBe('queued');
    expect(host.calls('POST', '/sdapi/v1/interrupt').length).toBeGreaterThanOrEqual(1);

    host.generationMs = 100;
    stopWorker = await startBackendWorker(ctx);
    expect((await waitForJob(ctx, person.cookie, job.id, 30_000)).status).toBe('succeeded');
    const entries = await ledgerEntriesOf(ctx.database.db, person.id);
    expect(entries.filter((entry) => entry.delta < 0)).toHaveLength(1);
    expect(entries.filter((entry) => entry.reason.startsWith('refund'))).toHaveLength(0);
    expect((await findUserById(ctx.database.db, person.id))!.credits).toBe(6);
  }, 90_000);
});
