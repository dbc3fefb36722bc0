import { findUserById, getJob, mediaForJobs } from '@app/db';
import { ledgerEntriesByKey, sessionsOf } from '@app/db/testing';
import { REPORTS_PER_HOUR } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import {
  createJobsApp,
  imageProvider,
  scriptedProvider,
  startTestWorker,
  submit,
  user,
  waitForJob,
} from '../jobs/helpers.ts';
import { adminSession, moderate, queue, undo } from './helpers.ts';

let t: TestContext;
let admin: { id: string; cookie: string };
let release: () => void = () => {};
let stopWorker: () => Promise<void>;

beforeAll(async () => {
  t = await createJobsApp();
  admin = await adminSession(t);
  const images = imageProvider();
  // Prompts saying "hold" run until released: a job the test can catch running.
  const provider = scriptedProvider(async (request, context) => {
    if (String(request.prompt).includes('hold')) {
      await new Promise<void>((resolve) => {
        release = resolve;
        context.signal.addEventListener('abort', () => resolve());
      });
    }
    return images.run(request, context);
  });
  stopWorker = await startTestWorker(t, provider);
}, 60_000);
afterAll(async () => {
  release();
  await stopWorker?.();
  await t.close();
});

const gallery = async () =>
  ((await t.app.inject({ method: 'GET', url: '/api/jobs?limit=100' })).json().jobs as { id: string }[]).map(
    (job) => job.id,
  );

async function creation(prompt: string) {
  const owner = await user(t, 'creator', { credits: 50 });
  const made = await submit(t, owner.cookie, { command: 'make', options: { prompt } });
  const job = await waitForJob(t, owner.cookie, made.json().job.id);
  expect(job.status).toBe('succeeded');
  return { owner, jobId: job.id as string };
}

describe('reports and hiding', () => {
  it('a report from the creation page lands in the queue; hiding takes it out of the gallery and 404s its page and media; undo restores it', async () => {
    const { owner, jobId } = await creation('a windmill at sunrise');
    const reporter = await user(t, 'reporter');
    const reported = await t.app.inject({
      method: 'POST',
      url: `/api/creations/${jobId}/report`,
      payload: { reason: 'real-people', note: 'that is my neighbour' },
      headers: { cookie: reporter.cookie },
    });
    expect(reported.json()).toEqual({ reported: true });
    const item = (await queue(t, admin, '?kind=report')).find((entry) => entry.creation?.id === jobId)!;
    expect(item).toMatchObject({
      reason: 'real-people: that is my neighbour',
      prompt: 'a windmill at sunrise',
    });
    expect(item.person.id).toBe(owner.id);
    expect(await gallery()).toContain(jobId);

    const hidden = await moderate(t, admin, { action: 'hide', jobId, reason: 'privacy', itemId: item.id });
    expect(hidden.statusCode).toBe(200);
    expect(await gallery()).not.toContain(jobId);
    const media = (await mediaForJobs(t.database.db, [jobId]))[0]!;
    for (const cookie of [undefined, reporter.cookie, owner.cookie]) {
      const headers = cookie ? { cookie } : {};
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/creations/${jobId}`, headers })).statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: `/media/${media.storageKey}`, headers })).statusCode,
      ).toBe(404);
    }
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/creations/${jobId}`,
          headers: { cookie: admin.cookie },
        })
      ).statusCode,
    ).toBe(200);
    expect((await queue(t, admin, '?kind=report')).some((entry) => entry.id === item.id)).toBe(false);
    expect(
      (await queue(t, admin, '?status=resolved')).find((entry) => entry.id === item.id)?.creation?.hidden,
    ).toBe(true);

    const undone = await undo(t, admin, hidden.json().action.id);
    expect(undone.statusCode).toBe(200);
    expect(await gallery()).toContain(jobId);
    expect((await t.app.inject({ method: 'GET', url: `/api/creations/${jobId}` })).statusCode).toBe(200);
    expect((await undo(t, admin, hidden.json().action.id)).statusCode).toBe(409);
  });

  it('switching a creation to private removes it from the gallery at once', async () => {
    const { owner, jobId } = await creation('a lantern festival');
    expect(await gallery()).toContain(jobId);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/jobs/${jobId}`,
      payload: { public: false },
      headers: { cookie: owner.cookie },
    });
    expect(await gallery()).not.toContain(jobId);
  });

  it('limits reports per reporter, refuses reporting one’s own creation, and counts a repeat once', async () => {
    const reporter = await user(t, 'eager');
    const { owner, jobId } = await creation('a paper boat');
    const report = (cookie: string, id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/creations/${id}/report`,
        payload: { reason: 'spam' },
        headers: { cookie },
      });
    expect((await report(owner.cookie, jobId)).statusCode).toBe(400);
    expect((await report(reporter.cookie, jobId)).statusCode).toBe(200);
    expect((await report(reporter.cookie, jobId)).statusCode).toBe(200);
    expect(
      (await queue(t, admin, '?kind=report')).filter((entry) => entry.creation?.id === jobId),
    ).toHaveLength(1);
    const others = await Promise.all(
      Array.from({ length: REPORTS_PER_HOUR }, (_, i) => creation(`a kite ${i}`)),
    );
    const answers = [];
    for (const other of others) answers.push((await report(reporter.cookie, other.jobId)).statusCode);
    expect(answers.slice(0, REPORTS_PER_HOUR - 1).every((code) => code === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  }, 120_000);
});

describe('warn, pause and ban', () => {
  it('warns and pauses with an end; undo ends the pause', async () => {
    const person = await user(t, 'paused', { credits: 20 });
    const warned = await moderate(t, admin, { action: 'warn', userId: person.id, reason: 'be kind' });
    expect(warned.statusCode).toBe(200);
    const paused = await moderate(t, admin, {
      action: 'pause',
      userId: person.id,
      reason: 'cool off',
      minutes: 30,
    });
    expect(paused.json().action.until).toBeTruthy();
    const refused = await submit(t, person.cookie, { command: 'make', options: { prompt: 'a cat' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('GENERATION_PAUSED');
    await undo(t, admin, paused.json().action.id);
    expect(
      (await submit(t, person.cookie, { command: 'make', options: { prompt: 'a cat' } })).statusCode,
    ).toBe(202);
    expect((await undo(t, admin, warned.json().action.id)).statusCode).toBe(200);
  });

  it('a ban ends sign-in and sessions and cancels the running job with one refund; undo lets them back', async () => {
    const person = await user(t, 'banned', { credits: 20 });
    const name = (await findUserById(t.database.db, person.id))!.discordName;
    const made = await submit(t, person.cookie, { command: 'make', options: { prompt: 'hold this image' } });
    const jobId = made.json().job.id;
    for (;;) {
      if ((await getJob(t.database.db, jobId))!.status === 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const banned = await moderate(t, admin, { action: 'ban', userId: person.id, reason: 'abuse' });
    expect(banned.statusCode).toBe(200);
    expect((await getJob(t.database.db, jobId))!.status).toBe('cancelled');
    expect((await findUserById(t.database.db, person.id))!.credits).toBe(20);
    release();
    // The worker's end of the job (stopping waits for it) changes nothing: still cancelled, refunded once.
    await stopWorker();
    stopWorker = async () => {};
    expect((await getJob(t.database.db, jobId))!.status).toBe('cancelled');
    expect(await ledgerEntriesByKey(t.database.db, `refund:${jobId}`)).toHaveLength(1);
    expect((await findUserById(t.database.db, person.id))!.credits).toBe(20);

    expect(await sessionsOf(t.database.db, person.id)).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/', headers: { cookie: person.cookie } }))
        .statusCode,
    ).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      payload: { discordName: name },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.code).toBe('BANNED');
    expect((await moderate(t, admin, { action: 'ban', userId: person.id, reason: 'again' })).statusCode).toBe(
      409,
    );

    expect((await undo(t, admin, banned.json().action.id)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/local', payload: { discordName: name } }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses bad input and actions on admins or oneself', async () => {
    const cases: Record<string, unknown>[] = [
      { action: 'pause', userId: admin.id, reason: 'x' },
      { action: 'hide', userId: admin.id, reason: 'x' },
      { action: 'explode', userId: admin.id, reason: 'x' },
      { action: 'warn', reason: 'x' },
    ];
    for (const body of cases)
      expect((await moderate(t, admin, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await moderate(t, admin, { action: 'warn', userId: admin.id, reason: 'x' })).statusCode).toBe(
      400,
    );
    const other = await adminSession(t);
    expect((await moderate(t, admin, { action: 'ban', userId: other.id, reason: 'x' })).statusCode).toBe(403);
  });
});
