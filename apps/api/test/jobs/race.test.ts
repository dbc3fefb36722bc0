import { findUserById } from '@app/db';
import { countRows, ledgerEntriesOf } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import { createJobsApp, submit, user } from './helpers.ts';

/** Concurrent submissions race for one balance; only real PostgreSQL runs them truly in parallel. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('200 submissions against a balance for 50', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createJobsApp({ MAX_ACTIVE_JOBS_PER_USER: '1000' });
  });
  afterAll(async () => t.close());

  it('queues exactly 50, answers 402 to the other 150, and leaves the balance at 0', async () => {
    const me = await user(t, 'racer', { credits: 50 * 4 });
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        submit(t, me.cookie, {
          command: 'make',
          options: { prompt: `race ${i}` },
          requestId: `race-request-${i}`,
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 202)).toHaveLength(50);
    expect(statuses.filter((status) => status === 402)).toHaveLength(150);
    expect((await findUserById(t.database.db, me.id))!.credits).toBe(0);
    expect(await countRows(t.database.db, 'jobs')).toBe(50);
    const holds = (await ledgerEntriesOf(t.database.db, me.id)).filter((row) => row.delta < 0);
    expect(holds).toHaveLength(50);
    expect(Math.min(...holds.map((row) => row.balanceAfter))).toBe(0);
  }, 120_000);
});
