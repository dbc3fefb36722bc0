import { ledgerEntriesByReason } from '@app/db/testing';
import { findTier } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentTestApp, type PaymentTestContext } from '../payment/helpers.ts';
import { redeem } from '../gifts/helpers.ts';
import { grantDueYearlyMonths } from '../../src/modules/subscriptions/grant-yearly-months.ts';
import { call, subscribe, userRow } from './helpers.ts';

/** Time passing on the emulator's clock, with its webhooks delivered (twice) to our endpoint. */
let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp();
});
afterAll(() => t.close());

const DAY = 86_400;

async function deliverTwice() {
  await t.deliverEvents();
  await t.deliverEvents();
}

describe('renewal and period end', () => {
  it("renews a subscription and grants the new period's credits once", async () => {
    const s = await subscribe(t, 'renewing-user', 'Professional Plan');
    await deliverTwice();
    const before = await userRow(t, s.userId);
    const periodEnd = (await t.stripe.subscriptions.retrieve(s.subscriptionId)).items.data[0]!
      .current_period_end;

    await t.emulator.advanceClock(periodEnd - t.emulator.now() + DAY);
    await deliverTwice();

    const tier = findTier('Professional Plan')!;
    const after = await userRow(t, s.userId);
    expect(after.subscriptionStatus).toBe('Professional Plan');
    expect(after.credits).toBe(before.credits + tier.credits);
    expect(after.hypercredits).toBe(before.hypercredits + tier.hypercredits);
    const renewed = await t.stripe.subscriptions.retrieve(s.subscriptionId);
    expect(renewed.items.data[0]!.current_period_end).toBeGreaterThan(periodEnd);
    const details = await call(t, s.cookie, 'GET', `/api/payment/subscriptionDetails/${s.subscriptionId}`);
    expect(details.json().current_period_end).toBe(renewed.items.data[0]!.current_period_end);
  });

  it('a cancelled subscription runs to its period end, then the user is back on free', async () => {
    const s = await subscribe(t, 'leaving-user', 'Founders Plan');
    await call(t, s.cookie, 'POST', `/api/payment/cancelSubscription/${s.subscriptionId}`);
    await deliverTwice();
    expect((await userRow(t, s.userId)).subscriptionStatus).toBe('Founders Plan');
    const credits = (await userRow(t, s.userId)).credits;

    await t.emulator.advanceClock(32 * DAY);
    await deliverTwice();
    const user = await userRow(t, s.userId);
    expect(user.subscriptionStatus).toBe('free');
    expect(user.cancelFlag).toBe('0');
    expect(user.credits).toBe(credits);
    expect((await t.stripe.subscriptions.retrieve(s.subscriptionId)).status).toBe('canceled');
  });

  it('a scheduled downgrade takes effect at the period end', async () => {
    const s = await subscribe(t, 'downgrading-user', 'Founders Plan');
    await call(t, s.cookie, 'POST', '/api/payment/updateSubscription', {
      userId: s.userId,
      newsubscriptiontype: 'Professional Plan',
    });
    await deliverTwice();
    const before = await userRow(t, s.userId);
    await t.emulator.advanceClock(32 * DAY);
    await deliverTwice();
    const after = await userRow(t, s.userId);
    expect(after.subscriptionStatus).toBe('Professional Plan');
    expect(after.credits).toBe(before.credits + findTier('Professional Plan')!.credits);
    const details = await call(t, s.cookie, 'GET', `/api/payment/subscriptionDetails/${s.subscriptionId}`);
    expect(details.json()).toMatchObject({
      subscription_status: 'Professional Plan',
      downgrade_to_subname: null,
    });
  });

  it('a redeemed gift ends after its period without charging anyone', async () => {
    const admin = await t.signIn('admin');
    const code = (await call(t, admin.cookie, 'POST', '/api/payment/testpost', {})).json().giftcode.code;
    const friend = await t.signIn('gifted-user');
    expect((await redeem(t, friend.cookie, { giftCode: code })).statusCode).toBe(200);
    await deliverTwice();
    const during = await userRow(t, friend.userId);
    expect(during.subscriptionStatus).toBe('Professional Plan');

    await t.emulator.advanceClock(31 * DAY);
    await deliverTwice();
    const after = await userRow(t, friend.userId);
    expect(after.subscriptionStatus).toBe('free');
    expect(after.credits).toBe(during.credits);
    const grants = await ledgerEntriesByReason(t.database.db, 'plan: Professional Plan');
    expect(grants.filter((grant) => grant.userId === friend.userId)).toHaveLength(2); // credits + hypercredits
  });
});

describe('a yearly plan', () => {
  it('grants its credits month by month through its year, each month once', async () => {
    const tier = findTier('Professional Plan Yearly')!;
    const s = await subscribe(t, 'yearly-user', tier.tier);
    await deliverTwice();
    const start = await userRow(t, s.userId);
    // The paid year grants its first month, not the whole year at once.
    const periodStart = (await t.stripe.subscriptions.retrieve(s.subscriptionId)).items.data[0]!
      .current_period_start;
    const granted = (await ledgerEntriesByReason(t.database.db, 'plan: Professional Plan Yearly%')).filter(
      (row) => row.userId === s.userId && row.currency === 'credits',
    );
    expect(granted.map((row) => row.delta)).toEqual([tier.credits]);

    const sweep = () => grantDueYearlyMonths({ db: t.database.db, stripe: t.stripe, now: t.emulator.now() });
    await sweep();
    expect((await userRow(t, s.userId)).credits).toBe(start.credits);

    await t.emulator.advanceClock(periodStart + 45 * DAY - t.emulator.now());
    await sweep();
    await sweep();
    expect((await userRow(t, s.userId)).credits).toBe(start.credits + tier.credits);
    expect((await userRow(t, s.userId)).hypercredits).toBe(start.hypercredits + tier.hypercredits);

    // Eleven months in: twelve monthly grants in all, never more within the year.
    // (The sweep reads Stripe itself: the other tests' renewals meanwhile need not be delivered.)
    await t.emulator.advanceClock(periodStart + 340 * DAY - t.emulator.now());
    await sweep();
    expect((await userRow(t, s.userId)).credits).toBe(start.credits + 11 * tier.credits);
  }, 120_000);
});
