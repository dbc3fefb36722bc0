import { findUserById } from '@app/db';
import { countRows } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import { createJobsApp, imageProvider, startTestWorker, submit, user, waitForJob } from './helpers.ts';

let t: TestContext;
let stopWorker: (() => Promise<void>) | undefined;
beforeAll(async () => {
  t = await createJobsApp();
  stopWorker = await startTestWorker(t, imageProvider());
});
afterAll(async () => {
  await stopWorker?.();
  await t.close();
});

/** A 400 that names the field, with nothing charged and no job row. */
async function refused(
  me: { id: string },
  send: () => Promise<{ statusCode: number; json(): { error: { code: string; message: string } } }>,
  field: RegExp,
) {
  const credits = (await findUserById(t.database.db, me.id))!.credits;
  const jobs = await countRows(t.database.db, 'jobs');
  const response = await send();
  expect(response.statusCode).toBe(400);
  expect(response.json().error.message).toMatch(field);
  expect((await findUserById(t.database.db, me.id))!.credits).toBe(credits);
  expect(await countRows(t.database.db, 'jobs')).toBe(jobs);
  return response.json().error;
}

describe('options are checked at submission for every command', () => {
  it('vary and GIF sent to POST /api/jobs: unknown or mistyped options, or no image to start from', async () => {
    const me = await user(t, 'direct', { credits: 50 });
    for (const command of ['vary', 'gif']) {
      const unknown = await refused(
        me,
        () => submit(t, me.cookie, { command, options: { a: 1 } }),
        /no option a/,
      );
      expect(unknown.code).toBe('BAD_OPTIONS');
      await refused(
        me,
        () => submit(t, me.cookie, { command, options: { prompt: 5 } }),
        /prompt of \/\w+ must be text/,
      );
      const orphan = await refused(
        me,
        () => submit(t, me.cookie, { command, options: {} }),
        /made from a finished image/,
      );
      expect(orphan.code).toBe('NEEDS_A_RESULT');
    }
  });

  it('a result button whose new options break the command is refused before charging', async () => {
    const me = await user(t, 'presser', { credits: 50 });
    const made = await submit(t, me.cookie, { command: 'make', options: { prompt: 'a red kite' } });
    expect(made.statusCode).toBe(202);
    const id = made.json().job.id;
    expect((await waitForJob(t, me.cookie, id)).status).toBe('succeeded');
    const act = (body: Record<string, unknown>) => () =>
      t.app.inject({
        method: 'POST',
        url: `/api/jobs/${id}/actions`,
        payload: body,
        headers: { cookie: me.cookie },
      });

    const long = await refused(
      me,
      act({ action: 'edit', prompt: 'kite '.repeat(500) }),
      /prompt of \/make must be at most 2000/,
    );
    expect(long.code).toBe('BAD_OPTIONS');

    // The same buttons with sound options go through and are charged once each.
    const vary = await act({ action: 'vary' })();
    expect(vary.statusCode).toBe(202);
    expect(vary.json().job).toMatchObject({ command: 'vary', options: { prompt: 'a red kite' } });
  });
});
