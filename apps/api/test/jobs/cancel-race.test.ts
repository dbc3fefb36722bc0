import { findUserById, getJob } from '@app/db';
import { ledgerEntriesOf } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import { createJobsApp, scriptedProvider, startTestWorker, submit, user } from './helpers.ts';

/** Runs until the attempt is aborted: a job that stays 'running' while the test cancels it. */
const endless = scriptedProvider(
  (_request, context) =>
    new Promise((_resolve, reject) => {
      context.signal.addEventListener('abort', () => reject(context.signal.reason as Error), { once: true });
    }),
);

/** Simultaneous cancels race for one job; only real PostgreSQL runs them truly in parallel. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('five cancels at once on a running job', () => {
  let t: TestContext;
  let stopWorker: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    t = await createJobsApp();
    stopWorker = await startTestWorker(t, endless);
  });
  afterAll(async () => {
    await stopWorker?.();
    await t.close();
  });

  async function runningJob(name: string) {
    const me = await user(t, name, { credits: 20 });
    const id = (await submit(t, me.cookie, { command: 'make', options: { prompt: 'a slow tide' } })).json()
      .job.id as string;
    for (;;) {
      if ((await getJob(t.database.db, id))?.status === 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await findUserById(t.database.db, me.id))!.credits).toBe(16);
    return { me, id };
  }

  const at = (cookie: string, method: 'POST' | 'DELETE', url: string) =>
    t.app.inject({ method, url, headers: { cookie } });

  it('cancel once, refund once, every caller answered the cancelled job, nothing deleted', async () => {
    const { me, id } = await runningJob('canceller');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => at(me.cookie, 'POST', `/api/jobs/${id}/cancel`)),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json().job).toMatchObject({ id, status: 'cancelled' });
    }
    expect(await getJob(t.database.db, id)).toMatchObject({ status: 'cancelled' });
    expect((await findUserById(t.database.db, me.id))!.credits).toBe(20);
    const refunds = (await ledgerEntriesOf(t.database.db, me.id)).filter((row) => row.delta > 0);
    expect(refunds.map((row) => row.delta)).toEqual([4]);
  });

  it('five DELETEs at once on a running job delete nothing and charge nothing back: cancelling is its own call', async () => {
    const { me, id } = await runningJob('deleter');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => at(me.cookie, 'DELETE', `/api/jobs/${id}`)),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.code).toBe('JOB_NOT_FINISHED');
    }
    expect(await getJob(t.database.db, id)).toMatchObject({ status: 'running' });
    const cancelled = await at(me.cookie, 'POST', `/api/jobs/${id}/cancel`);
    expect(cancelled.json().job.status).toBe('cancelled');
    expect((await findUserById(t.database.db, me.id))!.credits).toBe(20);
  });
});
