import { findPayment } from '@app/db';
import { findTier } from '@app/domain';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribe, userRow } from '../subscriptions/helpers.ts';
import { createPaymentTestApp, type PaymentTestContext } from './helpers.ts';

/*
 * A plan's refund acts on the period its invoice paid for: a past period's invoice takes back only
 * its own credits and leaves the plan (paid separately since) alone; a full refund of the current
 * period's invoice takes its credits back and ends the plan at once; a partial refund takes back
 * its share and ends nothing.
 */

let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp();
});
afterAll(() => t.close());

const DAY = 86_400;
const tier = findTier('Professional Plan')!;

/** A subscriber who has paid three periods: the first invoice, then two renewals. */
async function threePeriods(name: string) {
  const s = await subscribe(t, name, tier.tier);
  await t.deliverEvents();
  for (let period = 0; period < 2; period++) {
    const end = (await t.stripe.subscriptions.retrieve(s.subscriptionId)).items.data[0]!.current_period_end;
    await t.emulator.advanceClock(end - t.emulator.now() + DAY);
    await t.deliverEvents();
  }
  const invoices = (
    await t.stripe.invoices.list({
      subscription: s.subscriptionId,
      status: 'paid',
      expand: ['data.payments'],
    })
  ).data.sort((a, b) => a.created - b.created);
  expect(invoices).toHaveLength(3);
  for (const invoice of invoices) expect(await findPayment(t.database.db, invoice.id)).toBeDefined();
  return { ...s, invoices };
}

const intentOf = (invoice: Stripe.Invoice) => invoice.payments!.data[0]!.payment.payment_intent as string;

async function refund(invoice: Stripe.Invoice, amount?: number) {
  await t.stripe.refunds.create({ payment_intent: intentOf(invoice), ...(amount ? { amount } : {}) });
  await t.deliverEvents();
}

describe('refunding a plan invoice', () => {
  it('a past invoice, in full, takes back its own credits only; the plan paid since goes on', async () => {
    const s = await threePeriods('refund-past-period');
    const before = await userRow(t, s.userId);
    expect(before.subscriptionStatus).toBe(tier.tier);

    await refund(s.invoices[0]!);
    const after = await userRow(t, s.userId);
    expect(after).toMatchObject({
      subscriptionStatus: tier.tier,
      credits: before.credits - tier.credits,
      hypercredits: before.hypercredits - tier.hypercredits,
    });
    expect((await t.stripe.subscriptions.retrieve(s.subscriptionId)).status).toBe('active');
    expect(await findPayment(t.database.db, s.invoices[0]!.id)).toMatchObject({
      refundedCents: s.invoices[0]!.amount_paid,
    });
    expect((await findPayment(t.database.db, s.invoices[2]!.id))?.refundedCents).toBe(0);
    // The history says it in our words, with what was refunded.
    const customer = (await userRow(t, s.userId)).stripeCustomerId!;
    const rows = (
      await t.app.inject({ url: `/api/payment/payment-history/${customer}`, headers: { cookie: s.cookie } })
    ).json<{ id: string; status: string; description: string; refunded: number }[]>();
    expect(rows.find((row) => row.id === s.invoices[0]!.id)).toMatchObject({
      status: 'refunded',
      refunded: s.invoices[0]!.amount_paid,
    });
    for (const row of rows)
      expect(row.description).toMatch(/^Professional Plan: \w+ \d+, \d{4} to \w+ \d+, \d{4}$/);

    // A past invoice refunded in part: its share, and still the plan goes on.
    await refund(s.invoices[1]!, 500);
    const share = Math.floor((tier.credits * 500) / s.invoices[1]!.amount_paid);
    expect(await userRow(t, s.userId)).toMatchObject({
      subscriptionStatus: tier.tier,
      credits: after.credits - share,
    });
  });

  it('the current invoice in part takes back its share; in full, its credits and the plan at once', async () => {
    const s = await threePeriods('refund-current-period');
    const current = s.invoices[2]!;
    const before = await userRow(t, s.userId);

    await refund(current, 300);
    const share = Math.floor((tier.credits * 300) / current.amount_paid);
    expect(await userRow(t, s.userId)).toMatchObject({
      subscriptionStatus: tier.tier,
      credits: before.credits - share,
    });
    expect((await t.stripe.subscriptions.retrieve(s.subscriptionId)).status).toBe('active');

    await refund(current);
    expect(await userRow(t, s.userId)).toMatchObject({
      subscriptionStatus: 'free',
      credits: before.credits - tier.credits,
      hypercredits: before.hypercredits - tier.hypercredits,
    });
    expect((await t.stripe.subscriptions.retrieve(s.subscriptionId)).status).toBe('canceled');
    // The earlier periods' credits stay: only the refunded invoice's grant was taken.
    expect((await findPayment(t.database.db, s.invoices[0]!.id))?.refundedCents).toBe(0);
  });
});
