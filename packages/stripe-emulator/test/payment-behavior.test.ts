import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.ts';
import { card, customerWithCard, monthlyPrice, setup, webhookReceiver } from './helpers.ts';

let emulator: Emulator;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
beforeAll(async () => {
  receiver = await webhookReceiver();
  ({ emulator, stripe } = await setup({ webhookUrl: receiver.url }));
});
afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

/** An active 10.00/month subscription whose customer's default card now fails (or needs 3-D Secure). */
async function subscribedThenCardFails(number = '4000000000000341') {
  const { customer } = await customerWithCard(stripe);
  const basic = await monthlyPrice(stripe, 1000, 'Basic');
  const pro = await monthlyPrice(stripe, 3000, 'Pro');
  const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: basic.id }] });
  expect(sub.status).toBe('active');
  const failing = await card(stripe, number, customer.id);
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: failing.id } });
  const upgrade = {
    items: [{ id: sub.items.data[0]!.id, price: pro.id }],
    proration_behavior: 'always_invoice' as const,
  };
  return { customer, sub, basic, pro, upgrade };
}

const invoiceCount = async (sub: string) => (await stripe.invoices.list({ subscription: sub })).data.length;

describe('payment_behavior on subscription updates', () => {
  it('error_if_incomplete: a declined proration invoice refuses the update with a 402 and changes nothing', async () => {
    const c = await subscribedThenCardFails();
    const before = await stripe.subscriptions.retrieve(c.sub.id);
    const err = await stripe.subscriptions
      .update(c.sub.id, { ...c.upgrade, payment_behavior: 'error_if_incomplete', metadata: { tier: 'pro' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(err).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });
    expect(await stripe.subscriptions.retrieve(c.sub.id)).toEqual(before);
    expect(await invoiceCount(c.sub.id)).toBe(1);
    await emulator.flushWebhooks();
    const failed = receiver.deliveries
      .map((d) => JSON.parse(d.body) as Stripe.Event)
      .filter(
        (e) =>
          e.type.startsWith('invoice.') &&
          (e.data.object as Stripe.Invoice).parent?.subscription_details?.subscription === c.sub.id,
      );
    expect(failed.map((e) => e.type)).not.toContain('invoice.payment_failed');
  });

  it('error_if_incomplete: a card that needs authentication is refused too', async () => {
    const c = await subscribedThenCardFails('4000002760003184');
    const err = await stripe.subscriptions
      .update(c.sub.id, { ...c.upgrade, payment_behavior: 'error_if_incomplete' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 402, code: 'invoice_payment_intent_requires_action' });
    expect((await stripe.subscriptions.retrieve(c.sub.id)).items.data[0]!.price.id).toBe(c.basic.id);
  });

  it('pending_if_incomplete: holds the change in pending_update and applies it when the invoice is paid', async () => {
    const c = await subscribedThenCardFails();
    const held = await stripe.subscriptions.update(c.sub.id, {
      ...c.upgrade,
      payment_behavior: 'pending_if_incomplete',
      expand: ['latest_invoice'],
    });
    expect(held.status).toBe('active');
    expect(held.items.data[0]!.price.id).toBe(c.basic.id);
    expect(held.pending_update?.subscription_items?.[0]?.price.id).toBe(c.pro.id);
    expect(held.pending_update!.expires_at).toBeGreaterThan(emulator.now() + 22 * 3600);
    const invoice = held.latest_invoice as Stripe.Invoice;
    expect(invoice.status).toBe('open');

    const good = await card(stripe, '4242424242424242', c.customer.id);
    await stripe.invoices.pay(invoice.id, { payment_method: good.id });
    const applied = await stripe.subscriptions.retrieve(c.sub.id);
    expect(applied.pending_update).toBeNull();
    expect(applied.items.data[0]!.price.id).toBe(c.pro.id);
    await emulator.flushWebhooks();
    const types = receiver.deliveries
      .map((d) => JSON.parse(d.body) as Stripe.Event)
      .filter((e) => (e.data.object as { id?: string }).id === c.sub.id)
      .map((e) => e.type);
    expect(types).toContain('customer.subscription.pending_update_applied');
  });

  it('pending_if_incomplete: an unpaid change expires and the subscription stays as it was', async () => {
    const c = await subscribedThenCardFails();
    await stripe.subscriptions.update(c.sub.id, { ...c.upgrade, payment_behavior: 'pending_if_incomplete' });
    await emulator.advanceClock(23 * 3600 + 60);
    const after = await stripe.subscriptions.retrieve(c.sub.id);
    expect(after.pending_update).toBeNull();
    expect(after.status).toBe('active');
    expect(after.items.data[0]!.price.id).toBe(c.basic.id);
  });

  it('pending_if_incomplete refuses parameters pending updates cannot hold', async () => {
    const c = await subscribedThenCardFails();
    await expect(
      stripe.subscriptions.update(c.sub.id, {
        ...c.upgrade,
        payment_behavior: 'pending_if_incomplete',
        metadata: { a: 'b' },
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'metadata' });
  });

  it('allow_incomplete (the default): the change applies and the subscription goes past_due', async () => {
    const c = await subscribedThenCardFails();
    const updated = await stripe.subscriptions.update(c.sub.id, { ...c.upgrade, expand: ['latest_invoice'] });
    expect(updated.items.data[0]!.price.id).toBe(c.pro.id);
    expect(updated.status).toBe('past_due');
    expect((updated.latest_invoice as Stripe.Invoice).status).toBe('open');
  });
});
