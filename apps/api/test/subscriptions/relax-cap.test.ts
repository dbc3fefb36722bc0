import { randomUUID } from 'node:crypto';
import { findUserById, insertJob } from '@app/db';
import { ledgerEntriesOf } from '@app/db/testing';
import { relaxDailyCapOf } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentTestContext, createPaymentTestApp } from '../payment/helpers.ts';
import { call, subscribe } from './helpers.ts';

/*
 * Lanes from the studio's calls on a paid plan: the mode set through the settings, the relax cap a
 * day refusing with a clear answer and nothing written, and the count starting again when the plan
 * renews (a real renewal: the emulator's clock, its webhooks delivered to our endpoint).
 */

let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp();
});
afterAll(() => t.close());

const DAY = 86_400;

/** Relax jobs this person already ran today, as rows of the jobs table. */
async function ranRelaxJobs(userId: string, count: number) {
  for (let n = 0; n < count; n++) {
    await insertJob(t.database.db, {
      userId,
      command: 'make',
      family: 'image',
      options: { prompt: 'earlier' },
      status: 'succeeded',
      lane: 'relax',
      source: 'test',
      requestId: randomUUID(),
      finishedAt: new Date(),
    });
  }
}

const make = (cookie: string, prompt: string, lane?: string) =>
  call(t, cookie, 'POST', '/api/jobs', { command: 'make', options: { prompt }, ...(lane ? { lane } : {}) });

describe('relax from the studio', () => {
  it('sets the mode in the settings; a relax job costs nothing; the lanes call shows the period', async () => {
    const s = await subscribe(t, 'studio-relaxer', 'Professional Plan');
    await t.deliverEvents();
    const set = await call(t, s.cookie, 'PATCH', '/api/users/me/settings', { lane: 'relax' });
    expect(set.statusCode).toBe(200);
    expect(set.json().settings).toMatchObject({ lane: 'relax', lanes: ['fast', 'relax', 'turbo'] });
    const before = (await findUserById(t.database.db, s.userId))!;
    const job = await make(s.cookie, 'a lantern');
    expect(job.statusCode).toBe(202);
    expect(job.json().job).toMatchObject({ lane: 'relax', cost: { credits: 0, hypercredits: 0 } });
    expect((await findUserById(t.database.db, s.userId))!.credits).toBe(before.credits);
    const lanes = await call(t, s.cookie, 'GET', '/api/users/me/lanes');
    expect(lanes.json().lanes).toMatchObject({
      lane: 'relax',
      relax: { period: 1, today: 1, dailyCap: relaxDailyCapOf('Professional Plan') },
      spent: { fast: { credits: 0 }, turbo: { credits: 0 } },
    });
    // One job in turbo from the studio, its mode left as it was.
    const turbo = await make(s.cookie, 'a lantern, fast', 'turbo');
    expect(turbo.json().job).toMatchObject({ lane: 'turbo', cost: { credits: 8 } });
    expect((await call(t, s.cookie, 'GET', '/api/users/me/lanes')).json().lanes.spent.turbo.credits).toBe(8);
    // A lane that is not one, and the free plan's lanes: refused, nothing changed.
    expect((await call(t, s.cookie, 'PATCH', '/api/users/me/settings', { lane: 'warp' })).statusCode).toBe(
      400,
    );
    const free = await t.signIn('studio-free');
    const refused = await call(t, free.cookie, 'PATCH', '/api/users/me/settings', { lane: 'relax' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'LANE_NOT_IN_PLAN' });
    expect(refused.json().error.message).toContain('Professional Plan');
    expect((await findUserById(t.database.db, free.userId))!.lane).toBe('fast');
    expect((await make(free.cookie, 'x', 'turbo')).statusCode).toBe(403);
  });

  it('refuses once the day’s relax jobs are used, writing nothing, and counts again after the renewal', async () => {
    const s = await subscribe(t, 'capped-relaxer', 'Professional Plan');
    await t.deliverEvents();
    await call(t, s.cookie, 'PATCH', '/api/users/me/settings', { lane: 'relax' });
    const cap = relaxDailyCapOf('Professional Plan')!;
    expect(cap).toBeGreaterThan(0);
    await ranRelaxJobs(s.userId, cap - 1);
    expect((await make(s.cookie, 'the last one today')).statusCode).toBe(202);
    const entries = (await ledgerEntriesOf(t.database.db, s.userId)).length;

    const refused = await make(s.cookie, 'one too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'RELAX_CAP_REACHED' });
    expect(refused.json().error.message).toBe(
      `You have used today's ${cap} relax jobs; relax opens again at 00:00 UTC. Use /fast to run it now with credits.`,
    );
    expect((await ledgerEntriesOf(t.database.db, s.userId)).length).toBe(entries);
    expect((await call(t, s.cookie, 'GET', '/api/users/me/lanes')).json().lanes.relax).toMatchObject({
      period: cap,
      today: cap,
    });

    // The plan renews: a new period, its relax count from nothing.
    const periodEnd = (await t.stripe.subscriptions.retrieve(s.subscriptionId)).items.data[0]!
      .current_period_end;
    await t.emulator.advanceClock(periodEnd - t.emulator.now() + DAY);
    await t.deliverEvents();
    await t.deliverEvents();
    expect((await call(t, s.cookie, 'GET', '/api/users/me/lanes')).json().lanes.relax).toMatchObject({
      period: 0,
      today: 0,
    });
    const again = await make(s.cookie, 'a new period');
    expect(again.statusCode).toBe(202);
    expect(again.json().job).toMatchObject({ lane: 'relax', cost: { credits: 0 } });
  });
});
