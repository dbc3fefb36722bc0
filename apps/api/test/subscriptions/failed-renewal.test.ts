import { ledgerEntriesByKeyPattern } from '@app/db/testing';
import { PAYMENT_FAILED_BANNER, findTier, queueClassOf } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcilePayments } from '../../src/modules/reconcile/reconcile-payments.ts';
import { otherPaidPlans } from '../../src/modules/subscriptions/paid-plan-guard.ts';
import { CARDS, createPaymentTestApp, deliver, type PaymentTestContext } from '../payment/helpers.ts';
import { call, subscribe, userRow } from './helpers.ts';

/*
 * A renewal whose card declines (4000 0000 0000 0341 charges fail after it attached), on the
 * emulator's clock with Stripe's retries: the plan stays with a warning while Stripe retries,
 * lapses to free when it stops, and comes back with its period's credits once the open invoice is
 * paid. The Discord emulator stands in for the DMs.
 */
let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp({ discord: true });
});
afterAll(() => t.close());

const DAY = 86_400;
const DECLINES_LATER = '4000000000000341';
const tier = findTier('Professional Plan')!;

async function deliverTwice() {
  await t.deliverEvents();
  await t.deliverEvents();
}

describe('a renewal that cannot be charged', () => {
  it('keeps the plan during retries, lapses to free after them, and comes back when paid', async () => {
    const s = await subscribe(t, 'card-expired-user', tier.tier);
    await deliverTwice();
    const discordId = await t.discord!.addUser(s.userId);
    const declining = await t.card(DECLINES_LATER);
    await t.stripe.paymentMethods.attach(declining, { customer: s.customerId });
    await t.stripe.subscriptions.update(s.subscriptionId, { default_payment_method: declining });
    const start = await userRow(t, s.userId);
    const end = (await t.stripe.subscriptions.retrieve(s.subscriptionId)).items.data[0]!.current_period_end;
    const advanceTo = async (days: number) => {
      await t.emulator.advanceClock(end + days * DAY + 60 - t.emulator.now());
      await deliverTwice();
    };
    const own = async () =>
      (await call(t, s.cookie, 'GET', '/api/payment/subscriptions')).json().subscriptions as {
        status: string;
      }[];

    // The renewal fails: past due, the plan and its queue priority stay, one DM asks for a card.
    await advanceTo(0);
    let user = await userRow(t, s.userId);
    expect(user.subscriptionStatus).toBe(tier.tier);
    expect(await own()).toMatchObject([{ status: 'past_due' }]);
    let dms = await t.discord!.dms(discordId);
    expect(dms).toHaveLength(1);
    expect(dms[0]!.content).toContain(PAYMENT_FAILED_BANNER);
    expect(dms[0]!.content).toContain('/subscriptionstatus');

    // Stripe's retries fail too: still the plan, still one DM.
    await advanceTo(3);
    await advanceTo(8);
    expect((await userRow(t, s.userId)).subscriptionStatus).toBe(tier.tier);
    expect(await t.discord!.dms(discordId)).toHaveLength(1);

    // The last retry fails: the plan lapses to free, with its priority, and the user is told.
    await advanceTo(14);
    user = await userRow(t, s.userId);
    expect(user.subscriptionStatus).toBe('free');
    expect(queueClassOf(user.subscriptionStatus, 'image')).toBe(queueClassOf('free', 'image'));
    expect(await own()).toEqual([]);
    expect((await t.stripe.subscriptions.retrieve(s.subscriptionId)).status).toBe('unpaid');
    dms = await t.discord!.dms(discordId);
    expect(dms).toHaveLength(2);
    expect(dms[1]!.content).toContain('free plan');
    expect(user.credits).toBe(start.credits);
    // A lapsed plan does not count as paid: a new plan may be bought.
    expect(await otherPaidPlans(t.stripe, s.customerId)).toEqual([]);

    // Paying the open invoice restores the plan and grants the period's credits, once.
    const invoices = await t.stripe.invoices.list({ subscription: s.subscriptionId, status: 'open' });
    expect(invoices.data).toHaveLength(1);
    const open = invoices.data[0]!;
    const good = await t.card(CARDS.ok);
    await t.stripe.paymentMethods.attach(good, { customer: s.customerId });
    const paid = await t.stripe.invoices.pay(open.id, { payment_method: good });
    expect(paid.status).toBe('paid');
    await deliverTwice();
    user = await userRow(t, s.userId);
    expect(user.subscriptionStatus).toBe(tier.tier);
    expect(user.credits).toBe(start.credits + tier.credits);
    expect(user.hypercredits).toBe(start.hypercredits + tier.hypercredits);

    // A repeated invoice.paid and a reconciliation run grant nothing more.
    const event = (await t.stripe.events.list({ type: 'invoice.paid', limit: 1 })).data[0]!;
    expect((await deliver(t.app, t.billing, JSON.stringify(event))).json().outcome).toBe('duplicate');
    await reconcilePayments({ db: t.database.db, stripe: t.stripe, now: t.emulator.now() });
    expect((await userRow(t, s.userId)).credits).toBe(start.credits + tier.credits);
    const grants = await ledgerEntriesByKeyPattern(t.database.db, `invoice:${open.id}:%`);
    expect(grants).toHaveLength(2); // credits and hypercredits
    expect(await t.discord!.dms(discordId)).toHaveLength(2);
  });

  it('shows the past-due state on the status page data while Stripe retries', async () => {
    const s = await subscribe(t, 'retrying-user', tier.tier);
    await deliverTwice();
    const declining = await t.card(DECLINES_LATER);
    await t.stripe.paymentMethods.attach(declining, { customer: s.customerId });
    await t.stripe.subscriptions.update(s.subscriptionId, { default_payment_method: declining });
    const end = (await t.stripe.subscriptions.retrieve(s.subscriptionId)).items.data[0]!.current_period_end;
    await t.emulator.advanceClock(end + 60 - t.emulator.now());
    await deliverTwice();
    const details = await call(t, s.cookie, 'GET', `/api/payment/subscriptionDetails/${s.subscriptionId}`);
    expect(details.json()).toMatchObject({ status: 'past_due', subscription_status: tier.tier });
    // A user without Discord gets no DM and the webhook still succeeds.
    expect((await userRow(t, s.userId)).subscriptionStatus).toBe(tier.tier);
  });
});
