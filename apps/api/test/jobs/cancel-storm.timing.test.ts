import { findUserById, listFleetHosts } from '@app/db';
import { ledgerEntriesOf } from '@app/db/testing';
import { describe, expect, it, vi } from 'vitest';
import { standInFleet } from './backend-helpers.ts';
import { submit, user, waitForJob } from './helpers.ts';

/**
 * Four people submit `/make` and cancel it 0–40 ms later, over and over, for a minute, against two
 * hosts (the attack that once stalled image generation for everyone: a claim and a cancel of the
 * same job deadlocked, and the claim's slot was never given back). Afterwards every slot is free,
 * a new job runs at once, and every cancelled job was refunded exactly once.
 */

const STORM_MS = 60_000;
const PEOPLE = 4;
const CREDITS = 100_000;

const fleet = standInFleet();

/** A small seeded generator (mulberry32), so every run waits the same. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(!!process.env.TEST_DATABASE_URL)('a cancel storm', () => {
  it('leaves every host slot free, a new job running within 5 s, and each cancel refunded once', async () => {
    const { t: ctx } = await fleet.start(
      2,
      { JOB_SUBMIT_RATE_LIMIT: '1000000', FLEET_PROBE_SECONDS: '5' },
      (sd) => (sd.generationMs = 150),
    );
    const logged = vi.spyOn(console, 'error');
    const people = await Promise.all(
      Array.from({ length: PEOPLE }, (_, n) => user(ctx, `storm${n}`, { credits: CREDITS })),
    );

    const jobsOf = new Map(people.map((person) => [person.id, [] as string[]]));
    const until = Date.now() + STORM_MS;
    await Promise.all(
      people.map(async (person, n) => {
        const random = seeded(n + 1);
        while (Date.now() < until) {
          const response = await submit(ctx, person.cookie, {
            command: 'make',
            options: { prompt: `storm ${n}` },
          });
          if (response.statusCode !== 202) {
            // Too many in flight at once: a refusal, nothing held.
            expect(response.statusCode).toBe(429);
            await sleep(20);
            continue;
          }
          const id = response.json().job.id as string;
          jobsOf.get(person.id)!.push(id);
          await sleep(Math.floor(random() * 41));
          const cancel = await ctx.app.inject({
            method: 'POST',
            url: `/api/jobs/${id}/cancel`,
            headers: { cookie: person.cookie },
          });
          expect([200, 409]).toContain(cancel.statusCode);
        }
      }),
    );

    // Every job of the storm ends; no slot is held once the queue is empty.
    for (const person of people)
      for (const id of jobsOf.get(person.id)!) await waitForJob(ctx, person.cookie, id, 60_000);
    const freed = Date.now();
    for (;;) {
      const rows = await listFleetHosts(ctx.database.db);
      if (rows.every((row) => row.busy === 0)) break;
      if (Date.now() - freed > 15_000) throw new Error(`slots still held: ${JSON.stringify(rows)}`);
      await sleep(100);
    }
    expect(logged.mock.calls.filter((call) => /deadlock/i.test(String(call[0])))).toEqual([]);
    logged.mockRestore();

    // A new job starts within 5 s.
    const fresh = await submit(ctx, people[0]!.cookie, { command: 'make', options: { prompt: 'after' } });
    expect(fresh.statusCode).toBe(202);
    const submitted = Date.now();
    for (;;) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/jobs/${fresh.json().job.id}`,
        headers: { cookie: people[0]!.cookie },
      });
      if (['running', 'succeeded'].includes(response.json().job.status)) break;
      if (Date.now() - submitted > 5_000) throw new Error('the new job did not start within 5 s');
      await sleep(50);
    }
    expect((await waitForJob(ctx, people[0]!.cookie, fresh.json().job.id, 30_000)).status).toBe('succeeded');

    // The ledger: each person paid for exactly the jobs that succeeded; each cancel refunded once.
    let total = 0;
    for (const person of people) {
      const ids = jobsOf.get(person.id)!;
      total += ids.length;
      const ended = await Promise.all(ids.map((id) => waitForJob(ctx, person.cookie, id)));
      const succeeded = ended.filter((job) => job.status === 'succeeded').length;
      const cancelled = ended.filter((job) => job.status === 'cancelled').length;
      expect(succeeded + cancelled).toBe(ids.length);
      const extra = person === people[0] ? 1 : 0;
      expect((await findUserById(ctx.database.db, person.id))!.credits).toBe(
        CREDITS - 4 * (succeeded + extra),
      );
      const refunds = (await ledgerEntriesOf(ctx.database.db, person.id)).filter((entry) =>
        entry.reason.startsWith('refund'),
      );
      expect(refunds).toHaveLength(cancelled);
      expect(new Set(refunds.map((entry) => entry.idempotencyKey)).size).toBe(cancelled);
    }
    console.log(`cancel storm: ${total} jobs submitted and cancelled by ${PEOPLE} people`);
    expect(total).toBeGreaterThan(PEOPLE * 20);
  }, 240_000);
});
