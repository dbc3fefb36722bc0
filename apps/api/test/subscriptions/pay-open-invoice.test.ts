import { findTier } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentTestApp, type PaymentTestContext } from '../payment/helpers.ts';
import { call, subscribe, userRow } from './helpers.ts';

/*
 * A way back: a person whose renewal could not be charged pays the open invoice with a new card
 * ("Pay now"); the plan and the period's credits come back once, and the new card becomes the
 * default so the next renewal does not fail again.
 */

let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp();
});
afterAll(() => t.close());

const DAY = 86_400;
const DECLINES_LATER = '4000000000000341';
const tier = findTier('Professional Plan')!;

describe('paying the open invoice', () => {
  it('brings a lapsed plan back once, and the new card is used for the next renewal', async () => {
    const s = await subscribe(t, 'pay-now-user', tier.tier);
    await t.deliverEvents();
    const declining = await t.card(DECLINES_LATER);
    await t.stripe.paymentMethods.attach(declining, { customer: s.customerId });
    await t.stripe.subscriptions.update(s.subscriptionId, { default_payment_method: declining });
    await t.stripe.customers.update(s.customerId, {
      invoice_settings: { default_payment_method: declining },
    });
    const end = (await t.stripe.subscriptions.retrieve(s.subscriptionId)).items.data[0]!.current_period_end;
    for (const days of [0, 3, 8, 14]) {
      await t.emulator.advanceClock(end + days * DAY + 60 - t.emulator.now());
      await t.deliverEvents();
    }
    const lapsed = await userRow(t, s.userId);
    expect(lapsed.subscriptionStatus).toBe('free');

    const open = await call(t, s.cookie, 'GET', '/api/payment/open-invoice');
    expect(open.statusCode, open.body).toBe(200);
    const invoice = open.json().invoice as { id: string; amountCents: number; tier: string };
    expect(invoice).toMatchObject({ amountCents: tier.price, tier: tier.tier });

    // Someone else cannot pay (or see) it.
    const other = await t.signIn('pay-now-other');
    const card = await t.card('4242424242424242');
    const refused = await call(t, other.cookie, 'POST', '/api/payment/pay-open-invoice', {
      invoiceId: invoice.id,
      paymentMethodId: card,
    });
    expect(refused.statusCode).toBe(404);

    const paid = await call(t, s.cookie, 'POST', '/api/payment/pay-open-invoice', {
      invoiceId: invoice.id,
      paymentMethodId: card,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ status: 'paid', amountCents: tier.price });
    await t.deliverEvents();
    const again = await call(t, s.cookie, 'POST', '/api/payment/pay-open-invoice', {
      invoiceId: invoice.id,
      paymentMethodId: card,
    });
    expect(again.json()).toEqual({ status: 'paid', amountCents: tier.price });
    await t.deliverEvents();
    expect(await userRow(t, s.userId)).toMatchObject({
      subscriptionStatus: tier.tier,
      credits: lapsed.credits + tier.credits,
    });
    expect((await call(t, s.cookie, 'GET', '/api/payment/open-invoice')).json()).toEqual({ invoice: null });
    const customer = await t.stripe.customers.retrieve(s.customerId);
    expect(!customer.deleted && customer.invoice_settings.default_payment_method).toBe(card);
    expect((await t.stripe.subscriptions.retrieve(s.subscriptionId)).default_payment_method).toBe(card);

    // The next renewal is charged to the new card, and succeeds.
    const next = (await t.stripe.subscriptions.retrieve(s.subscriptionId)).items.data[0]!.current_period_end;
    await t.emulator.advanceClock(next + 60 - t.emulator.now());
    await t.deliverEvents();
    expect((await t.stripe.subscriptions.retrieve(s.subscriptionId)).status).toBe('active');
    expect((await userRow(t, s.userId)).credits).toBe(lapsed.credits + 2 * tier.credits);
  });
});
