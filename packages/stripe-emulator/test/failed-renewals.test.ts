import type Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { RETRY_DELAYS_DAYS, type AfterRetries, type Emulator } from '../src/index.ts';
import { card, customerWithCard, expectStripeFields, monthlyPrice, postForm, setup } from './helpers.ts';

const DAY = 86_400;
const FAILS_LATER = '4000000000000341';
const emulators: Emulator[] = [];
afterAll(async () => {
  await Promise.all(emulators.map((e) => e.close()));
});

/** A paid monthly subscription whose card now declines, and its emulator. */
async function failingSubscription(afterRetries: AfterRetries) {
  const { emulator, stripe } = await setup({ afterRetries });
  emulators.push(emulator);
  const { customer } = await customerWithCard(stripe);
  const price = await monthlyPrice(stripe, 4999, 'Pro');
  const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
  const declining = await card(stripe, FAILS_LATER, customer.id);
  await stripe.subscriptions.update(sub.id, { default_payment_method: declining.id });
  const end = sub.items.data[0]!.current_period_end;
  const latest = async () => {
    const current = await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    return { sub: current, invoice: current.latest_invoice as Stripe.Invoice };
  };
  const eventsSince = async (since: string | undefined) => {
    const types: string[] = [];
    for await (const event of stripe.events.list({ limit: 100 })) {
      if (event.id === since) break;
      types.push(event.type);
    }
    return types.reverse();
  };
  const lastEvent = async () => (await stripe.events.list({ limit: 1 })).data[0]?.id;
  return { emulator, stripe, customer, sub, end, latest, eventsSince, lastEvent };
}

/** Moves the clock to `days` after the renewal attempt. */
async function advanceTo(emulator: Emulator, end: number, days: number) {
  await emulator.advanceClock(end + days * DAY + 60 - emulator.now());
}

describe('failed renewals (Smart Retries on a documented schedule)', () => {
  it('retries 3, 8 and 14 days after the renewal, then marks the subscription unpaid', async () => {
    const s = await failingSubscription('unpaid');
    expect(RETRY_DELAYS_DAYS).toEqual([3, 5, 6]);
    let mark = await s.lastEvent();
    await advanceTo(s.emulator, s.end, 0);
    let { sub, invoice } = await s.latest();
    expect(sub.status).toBe('past_due');
    expect(invoice).toMatchObject({ status: 'open', billing_reason: 'subscription_cycle', attempt_count: 1 });
    expect(invoice.next_payment_attempt).toBe(s.end + 3 * DAY);
    const first = await s.eventsSince(mark);
    expect(first).toContain('invoice.payment_failed');
    expect(first.filter((type) => type === 'customer.subscription.updated').length).toBeGreaterThan(0);

    for (const [day, attempts] of [
      [3, 2],
      [8, 3],
    ] as const) {
      mark = await s.lastEvent();
      await advanceTo(s.emulator, s.end, day);
      ({ sub, invoice } = await s.latest());
      expect(sub.status).toBe('past_due');
      expect(invoice.attempt_count).toBe(attempts);
      expect(await s.eventsSince(mark)).toContain('invoice.payment_failed');
    }
    expect(invoice.next_payment_attempt).toBe(s.end + 14 * DAY);

    mark = await s.lastEvent();
    await advanceTo(s.emulator, s.end, 14);
    ({ sub, invoice } = await s.latest());
    expect(sub.status).toBe('unpaid');
    expect(invoice).toMatchObject({ status: 'open', attempt_count: 4, next_payment_attempt: null });
    const last = await s.eventsSince(mark);
    expect(last).toEqual(expect.arrayContaining(['invoice.payment_failed', 'customer.subscription.updated']));
    const updated = (await s.stripe.events.list({ type: 'customer.subscription.updated', limit: 1 }))
      .data[0]!;
    expect(updated.data.previous_attributes).toMatchObject({ status: 'past_due' });

    // Nothing more is tried, and an unpaid subscription is not renewed.
    await advanceTo(s.emulator, s.end, 40);
    expect((await s.latest()).invoice.id).toBe(invoice.id);

    // Paying the open invoice later makes it active again.
    const good = await card(s.stripe, '4242424242424242', s.customer.id);
    const paid = await s.stripe.invoices.pay(invoice.id, { payment_method: good.id });
    expect(paid.status).toBe('paid');
    expect((await s.latest()).sub.status).toBe('active');
    expectStripeFields();
  });

  it('cancels the subscription after the last retry under the "cancel" setting', async () => {
    const s = await failingSubscription('cancel');
    await advanceTo(s.emulator, s.end, 0);
    const mark = await s.lastEvent();
    await advanceTo(s.emulator, s.end, 14);
    const { sub, invoice } = await s.latest();
    expect(sub.status).toBe('canceled');
    expect(sub.cancellation_details?.reason).toBe('payment_failed');
    expect(invoice.status).toBe('open');
    expect(await s.eventsSince(mark)).toEqual(
      expect.arrayContaining(['invoice.payment_failed', 'customer.subscription.deleted']),
    );
  });

  it('leaves it past_due with no further attempt under the "past_due" setting', async () => {
    const s = await failingSubscription('past_due');
    await advanceTo(s.emulator, s.end, 14);
    const { sub, invoice } = await s.latest();
    expect(sub.status).toBe('past_due');
    expect(invoice).toMatchObject({ attempt_count: 4, next_payment_attempt: null });
  });

  it('a retry charges the card the customer put on file meanwhile', async () => {
    const s = await failingSubscription('unpaid');
    await advanceTo(s.emulator, s.end, 1);
    const good = await card(s.stripe, '4242424242424242', s.customer.id);
    await s.stripe.subscriptions.update(s.sub.id, { default_payment_method: good.id });
    await advanceTo(s.emulator, s.end, 3);
    const { sub, invoice } = await s.latest();
    expect(invoice).toMatchObject({ status: 'paid', attempt_count: 2, next_payment_attempt: null });
    expect(sub.status).toBe('active');
  });

  it("the hosted invoice page pays an open invoice with a new card, and the portal shows the plan's card", async () => {
    const s = await failingSubscription('unpaid');
    await advanceTo(s.emulator, s.end, 14);
    const { invoice } = await s.latest();
    const page = await fetch(invoice.hosted_invoice_url!);
    expect(await page.text()).toContain('Pay this invoice');
    const declined = await postForm(`${invoice.hosted_invoice_url}/pay`, {
      card_number: '4000 0000 0000 0002',
      card_expiry: '12 / 40',
      card_cvc: '123',
    });
    expect(declined.status).toBe(402);
    expect((await s.latest()).invoice.status).toBe('open');
    const paid = await postForm(`${invoice.hosted_invoice_url}/pay`, {
      card_number: '4242 4242 4242 4242',
      card_expiry: '12 / 40',
      card_cvc: '123',
    });
    expect(paid.status).toBeLessThan(400);
    const after = await s.latest();
    expect(after.invoice.status).toBe('paid');
    expect(after.sub.status).toBe('active');

    // A customer whose card is only on the subscription: the portal shows that card.
    const customer = await s.stripe.customers.create({ email: 'sub-card@example.com' });
    const own = await card(s.stripe, '4242424242424242', customer.id);
    const price = await monthlyPrice(s.stripe, 1500);
    await s.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      default_payment_method: own.id,
    });
    const portal = await s.stripe.billingPortal.sessions.create({ customer: customer.id });
    const html = await (await fetch(portal.url)).text();
    expect(html).toContain('ending in 4242');
    expect(html).not.toContain('No default card.');
  });
});
