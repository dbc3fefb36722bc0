import { findUserById, getJob, listFleetHosts, markFleetHostDown } from '@app/db';
import { ledgerEntriesOf } from '@app/db/testing';
import { type A1111StandIn, startA1111StandIn } from '@app/generation/stand-ins/a1111';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import { startBackendWorker } from './backend-helpers.ts';
import { createJobsApp, submit, user, waitForJob } from './helpers.ts';

/**
 * Hosts judged by what they do: stand-in A1111 hosts that answer garbage or never answer, beside
 * healthy ones, with one worker. Every job is charged once, and refunded once if it cannot run.
 */

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

async function host() {
  const started = await startA1111StandIn();
  hosts.push(started);
  return started;
}

async function fleet(urls: string[], env: Record<string, string> = {}) {
  t = await createJobsApp({ GENERATION_BACKENDS: `image=a1111:${urls.join('|')}`, ...env });
  stopWorker = await startBackendWorker(t);
  return t;
}

const generationCalls = (sd: A1111StandIn) => sd.calls('POST', '/sdapi/v1/txt2img').length;

async function refundsOf(ctx: TestContext, userId: string) {
  return (await ledgerEntriesOf(ctx.database.db, userId)).filter(
    (entry) => entry.delta > 0 && entry.reason.startsWith('refund'),
  );
}

async function makeAll(ctx: TestContext, cookie: string, count: number) {
  const ids: string[] = [];
  for (let n = 0; n < count; n++) {
    const response = await submit(ctx, cookie, { command: 'make', options: { prompt: `lighthouse ${n}` } });
    expect(response.statusCode).toBe(202);
    ids.push(response.json().job.id);
  }
  return ids;
}

describe('a host that answers 200 with a body that cannot be read, beside a healthy one', () => {
  it('runs all 8 /make on the healthy host, charged once each, after at most a couple of calls to the bad one', async () => {
    const [bad, good] = [await host(), await host()];
    // Its readiness call answers well; only its generations are garbage, so only jobs can tell.
    bad.faults.paths = ['/sdapi/v1/txt2img'];
    bad.faults.body = '{"images": [not json';
    good.generationMs = 100;
    good.serial = true;
    const ctx = await fleet([bad.url, good.url]);
    const me = await user(ctx, 'garbage', { credits: 40 });

    const ids = await makeAll(ctx, me.cookie, 8);
    for (const id of ids) expect((await waitForJob(ctx, me.cookie, id, 60_000)).status).toBe('succeeded');

    expect(generationCalls(good)).toBe(8);
    expect(generationCalls(bad)).toBeGreaterThanOrEqual(1);
    expect(generationCalls(bad)).toBeLessThanOrEqual(2);
    expect((await findUserById(ctx.database.db, me.id))!.credits).toBe(40 - 8 * 4);
    expect(await refundsOf(ctx, me.id)).toHaveLength(0);
    const row = (await listFleetHosts(ctx.database.db)).find((entry) => entry.host === bad.url)!;
    expect(row.lastError).toMatch(/^BACKEND_BAD_ANSWER/);
  }, 90_000);

  const truncatedPng = Buffer.from('\x89PNG\r\n\x1a\n\0\0\0\rIHDR', 'latin1').toString('base64');
  it.each([
    ['JSON of the wrong shape', '{"images": "not a list"}'],
    ['an image that does not decode', JSON.stringify({ images: [truncatedPng] })],
    ['bytes that are no image at all', JSON.stringify({ images: [Buffer.from('hello').toString('base64')] })],
  ])(
    'leaves rotation after one answer with %s; its job runs on the other host, charged once',
    async (_, body) => {
      const [bad, good] = [await host(), await host()];
      bad.faults.paths = ['/sdapi/v1/txt2img'];
      bad.faults.body = body;
      // Slow enough that the second job finds the healthy host busy: each host gets a job.
      good.generationMs = 1_500;
      const ctx = await fleet([bad.url, good.url], { FLEET_PROBE_SECONDS: '60' });
      const me = await user(ctx, 'shapes', { credits: 10 });
      const ids = await makeAll(ctx, me.cookie, 2);
      for (const id of ids) expect((await waitForJob(ctx, me.cookie, id, 60_000)).status).toBe('succeeded');
      expect([generationCalls(bad), generationCalls(good)]).toEqual([1, 2]);
      const row = (await listFleetHosts(ctx.database.db)).find((entry) => entry.host === bad.url)!;
      expect(row).toMatchObject({ status: 'down' });
      expect(row.lastError).toMatch(/^BACKEND_BAD_ANSWER/);
      expect((await findUserById(ctx.database.db, me.id))!.credits).toBe(10 - 2 * 4);
      expect(await refundsOf(ctx, me.id)).toHaveLength(0);
    },
    90_000,
  );
});

describe('a host another process took out of rotation', () => {
  it('gets no job from this worker, even before the worker next reads the shared state', async () => {
    const [taken, good] = [await host(), await host()];
    const ctx = await fleet([taken.url, good.url], { FLEET_PROBE_SECONDS: '60' });
    await markFleetHostDown(ctx.database.db, taken.url, 'BACKEND_BUSY: seen by another worker');
    const me = await user(ctx, 'elsewhere', { credits: 40 });
    const ids = await makeAll(ctx, me.cookie, 4);
    for (const id of ids) expect((await waitForJob(ctx, me.cookie, id, 60_000)).status).toBe('succeeded');
    expect([generationCalls(taken), generationCalls(good)]).toEqual([0, 4]);
  }, 90_000);
});

describe('a host that accepts connections and never answers', () => {
  it('is never dispatched to while its probe finds it silent; the healthy host runs every job', async () => {
    const [silent, good] = [await host(), await host()];
    silent.faults.silent = true;
    const ctx = await fleet([silent.url, good.url], { FLEET_PROBE_SECONDS: '0.5' });
    const me = await user(ctx, 'quiet', { credits: 40 });
    const ids = await makeAll(ctx, me.cookie, 4);
    for (const id of ids) expect((await waitForJob(ctx, me.cookie, id, 60_000)).status).toBe('succeeded');
    expect(generationCalls(good)).toBe(4);
    expect(generationCalls(silent)).toBe(0);
  }, 90_000);

  it('leaves rotation after its first timeout; with no host left, jobs wait the host wait, then fail in plain words with one refund each', async () => {
    const sd = await host();
    // Its readiness call keeps answering, so only the job's deadline finds the host stuck.
    sd.hang = true;
    const ctx = await fleet([sd.url], {
      JOB_DEADLINE_IMAGE_SECONDS: '2',
      FLEET_HOST_WAIT_SECONDS: '3',
      FLEET_PROBE_SECONDS: '60',
    });
    const me = await user(ctx, 'stuck', { credits: 40 });
    const ids = await makeAll(ctx, me.cookie, 3);
    const done = [];
    for (const id of ids) done.push(await waitForJob(ctx, me.cookie, id, 60_000));

    expect(generationCalls(sd)).toBe(1);
    for (const job of done) {
      expect(job.status).toBe('failed');
      expect(job.error.code).toBe('NO_HOST');
      expect(job.error.message).toBe(
        'The image service is not reachable right now, so this job could not run. It was refunded; try again later.',
      );
    }
    expect((await findUserById(ctx.database.db, me.id))!.credits).toBe(40);
    const refunds = await refundsOf(ctx, me.id);
    expect(refunds).toHaveLength(3);
    expect(new Set(refunds.map((entry) => entry.idempotencyKey)).size).toBe(3);
    const row = (await listFleetHosts(ctx.database.db)).find((entry) => entry.host === sd.url)!;
    expect(row.status).toBe('down');
    expect(row.lastError).toMatch(/^(BACKEND_)?TIMEOUT/);
    expect((await getJob(ctx.database.db, ids[0]!))!.attempts).toBeLessThanOrEqual(1);
  }, 90_000);
});
