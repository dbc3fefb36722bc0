import { JOB_EVENTS_CHANNEL, getJob } from '@app/db';
import { ledgerEntriesOf } from '@app/db/testing';
import { type A1111StandIn, startA1111StandIn } from '@app/generation/stand-ins/a1111';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import { startBackendWorker } from './backend-helpers.ts';
import { createJobsApp, submit, user, waitForJob } from './helpers.ts';

/**
 * A busy host's slot claims its next job shortly before the host is expected to answer, so the
 * host gets its next request at once. A host far slower than its record does not keep that job:
 * it goes back to the queue in its place, uncounted, and runs later once, charged once.
 */

let t: TestContext | undefined;
let stopWorker: (() => Promise<void>) | undefined;
let sd: A1111StandIn | undefined;
afterEach(async () => {
  await stopWorker?.();
  await t?.close();
  await sd?.close();
  t = undefined;
  stopWorker = undefined;
  sd = undefined;
});

describe('a job claimed ahead for a busy host', () => {
  it('goes back to the queue when the host runs far past its record, and runs once later', async () => {
    sd = await startA1111StandIn();
    sd.serial = true;
    // The host's record: one job of two seconds, long enough to submit the next two meanwhile.
    sd.generationMs = 2_000;
    t = await createJobsApp({ GENERATION_BACKENDS: `image=a1111:${sd.url}` });
    stopWorker = await startBackendWorker(t);
    const me = await user(t, 'ahead', { credits: 40 });
    const make = async (prompt: string) => {
      const response = await submit(t!, me.cookie, { command: 'make', options: { prompt } });
      expect(response.statusCode).toBe(202);
      return response.json<{ job: { id: string } }>().job.id;
    };

    const events: { jobId: string; status: string }[] = [];
    const unlisten = await t.database.listen(JOB_EVENTS_CHANNEL, (payload) =>
      events.push(JSON.parse(payload) as { jobId: string; status: string }),
    );
    try {
      const first = await make('a lighthouse');
      // While the first runs, the host turns slow, and two more wait.
      await waitForCondition(() => sd!.active === 1);
      sd.generationMs = 8_000;
      const slow = await make('a slow lighthouse');
      const ahead = await make('a lighthouse at dusk');
      expect((await waitForJob(t, me.cookie, first, 30_000)).status).toBe('succeeded');
      // The slow one runs; the next was claimed for its slot ahead of time, then given back.
      await waitForCondition(() => {
        // Queued when submitted, running when claimed ahead, queued again when given back.
        const seen = events.filter((event) => event.jobId === ahead).map((event) => event.status);
        return seen.indexOf('queued', seen.indexOf('running')) > 0;
      });
      expect((await getJob(t.database.db, slow))!.status).toBe('running');
      expect((await getJob(t.database.db, ahead))!).toMatchObject({
        status: 'queued',
        attempts: 0,
        startedAt: null,
      });
      sd.generationMs = 50;
      expect((await waitForJob(t, me.cookie, slow, 60_000)).status).toBe('succeeded');
      expect((await waitForJob(t, me.cookie, ahead, 60_000)).status).toBe('succeeded');
      expect((await getJob(t.database.db, ahead))!.attempts).toBe(1);
      // Three jobs, three generations, three charges, no refund.
      expect(sd.calls('POST', '/sdapi/v1/txt2img')).toHaveLength(3);
      const entries = await ledgerEntriesOf(t.database.db, me.id);
      expect(entries.filter((entry) => entry.delta < 0)).toHaveLength(3);
      expect(entries.filter((entry) => entry.reason.startsWith('refund'))).toHaveLength(0);
    } finally {
      await unlisten();
    }
  });
});

async function waitForCondition(check: () => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
