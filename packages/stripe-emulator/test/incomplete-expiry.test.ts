import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { monthlyPrice, setup, webhookReceiver } from './helpers.ts';

describe('incomplete subscriptions', () => {
  it('expire 23 hours after creation: first invoice voided, intent canceled, events sent', async () => {
    const receiver = await webhookReceiver();
    const { emulator, stripe } = await setup({ webhookUrl: receiver.url });
    const customer = await stripe.customers.create({ email: 'late@example.com' });
    const price = await monthlyPrice(stripe, 1900);
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.payments'],
    });
    expect(sub.status).toBe('incomplete');
    const invoice = sub.latest_invoice as Stripe.Invoice;
    const piId = invoice.payments!.data[0]!.payment.payment_intent as string;

    await emulator.advanceClock(22 * 3600);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('incomplete');
    await emulator.advanceClock(3600 + 60);
    const expired = await stripe.subscriptions.retrieve(sub.id);
    expect(expired.status).toBe('incomplete_expired');
    expect(expired.ended_at).not.toBeNull();
    const voided = await stripe.invoices.retrieve(invoice.id);
    expect(voided.status).toBe('void');
    expect(voided.status_transitions.voided_at).not.toBeNull();
    expect((await stripe.paymentIntents.retrieve(piId)).status).toBe('canceled');
    const card = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2 },
    });
    await expect(stripe.paymentIntents.confirm(piId, { payment_method: card.id })).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });

    await emulator.flushWebhooks();
    const events = receiver.deliveries.map((d) => JSON.parse(d.body) as Stripe.Event);
    const about = (type: string) =>
      events.filter(
        (e) =>
          e.type === type &&
          (e.data.object as { id?: string }).id === (type.startsWith('invoice') ? invoice.id : sub.id),
      );
    expect(about('invoice.voided')).toHaveLength(1);
    const updated = about('customer.subscription.updated').at(-1)!;
    expect((updated.data.object as Stripe.Subscription).status).toBe('incomplete_expired');
    expect(updated.data.previous_attributes).toMatchObject({ status: 'incomplete' });
    expect(about('customer.subscription.deleted')).toHaveLength(1);
    await emulator.close();
    await receiver.close();
  });

  it('do not expire once the first invoice is paid in time', async () => {
    const { emulator, stripe } = await setup();
    const customer = await stripe.customers.create({ email: 'ontime@example.com' });
    const price = await monthlyPrice(stripe, 1900);
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
    });
    await emulator.advanceClock(20 * 3600);
    const pm = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2 },
    });
    await stripe.invoices.pay(sub.latest_invoice as string, { payment_method: pm.id });
    await emulator.advanceClock(4 * 3600);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
    await emulator.close();
  });
});
