import { randomBytes } from 'node:crypto';
import { createSession, recordPayment, takeBack, updateUser, upsertSubscription } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastProvider } from './fixtures.ts';
import { type Harness, createHarness } from './harness.ts';
import { SESSION_COOKIE, hashSessionId } from '../../src/plugins/session.ts';

/*
 * /info says the account's money as it is: a renewal being retried with the date of the next try
 * (and no "renews on"), a plan lapsed for want of payment, a dispute holding new jobs and a
 * balance below zero, with why; the dashboard's call says the same words.
 */

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ provider: fastProvider() });
}, 60_000);
afterAll(async () => h?.close());

async function cookieOf(userId: string) {
  const id = randomBytes(32).toString('base64url');
  await createSession(h.database.db, {
    idHash: hashSessionId(id),
    userId,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return `${SESSION_COOKIE}=${id}`;
}

const info = async (discordId: string) => (await h.command(discordId, 'info')).response!.data!.content!;

describe('/info and the account state', () => {
  it('says past due with the next try, a dispute hold and a negative balance, in words', async () => {
    const { discordId, account } = await h.user(0, 0);
    // A refund took back credits already spent.
    await takeBack(h.database.db, {
      userId: account.id,
      currency: 'credits',
      amount: 20,
      reason: 'refunded: Starter Pack',
      idempotencyKey: `test-owed:${account.id}`,
    });
    await updateUser(h.database.db, account.id, { subscriptionStatus: 'Professional Plan' });
    await upsertSubscription(h.database.db, {
      id: `sub_due_${account.id.slice(0, 8)}`,
      userId: account.id,
      tier: 'Professional Plan',
      status: 'past_due',
      currentPeriodEnd: new Date(Date.UTC(2027, 2, 14)),
      cancelAtPeriodEnd: false,
      downgradeTo: null,
      gifted: false,
      nextPaymentAttempt: new Date(Date.UTC(2027, 1, 20, 12)),
    });
    await recordPayment(h.database.db, {
      id: `pi_disputed_${account.id.slice(0, 8)}`,
      userId: account.id,
      kind: 'creditPackage',
      product: 'Starter Pack',
      amountCents: 499,
      disputeStatus: 'open',
    });

    const content = await info(discordId);
    expect(content).not.toMatch(/renews on/);
    expect(content).toContain('Plan: Professional Plan\n');
    expect(content).toContain(
      'Your payment for the Professional Plan failed. We will try your card again on February 20, 2027',
    );
    expect(content).toContain('Credits: -20 · Hypercredits: 0');
    expect(content).toContain('New jobs are paused because one of your payments is disputed with your bank.');
    expect(content).toContain('New jobs are paused because your balance is below zero: you owe 20 credits');

    const cookie = await cookieOf(account.id);
    const state = await h.app.inject({ url: `/api/users/${account.id}/account-state`, headers: { cookie } });
    expect(state.statusCode, state.body).toBe(200);
    expect(state.json().notices.map((n: { kind: string }) => n.kind)).toEqual([
      'pastDue',
      'disputeHold',
      'balanceOwed',
    ]);
  });

  it('says a lapsed plan and the Free plan, grouped balances, and no notice when all is well', async () => {
    const { discordId, account } = await h.user(2500, 0);
    await upsertSubscription(h.database.db, {
      id: `sub_lapsed_${account.id.slice(0, 8)}`,
      userId: account.id,
      tier: 'Founders Plan',
      status: 'unpaid',
      currentPeriodEnd: new Date(Date.UTC(2027, 0, 5)),
      cancelAtPeriodEnd: false,
      downgradeTo: null,
      gifted: false,
    });
    const content = await info(discordId);
    expect(content).toContain('Plan: Free · plans:');
    expect(content).toContain('Credits: 2,500 · Hypercredits: 0');
    expect(content).toContain('Your Founders Plan lapsed');
    expect(content).toContain('you are on the Free plan. Pay the open invoice');

    const calm = await h.user(100, 0);
    const quiet = await info(calm.discordId);
    expect(quiet).not.toContain('⚠');
  });
});
