import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.ts';
import { card, customerWithCard, expectStripeFields, monthlyPrice, setup } from './helpers.ts';

let emulator: Emulator;
let stripe: Stripe;
beforeAll(async () => ({ emulator, stripe } = await setup()));
afterAll(() => emulator.close());

const rejection = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (e: unknown) => e as Stripe.errors.StripeError,
  );

describe('objects as API version 2026-10-28.endive shapes them', () => {
  it('a succeeded payment intent has next_action and last_payment_error null', async () => {
    const { customer, pm } = await customerWithCard(stripe);
    const pi = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      customer: customer.id,
      payment_method: pm.id,
      confirm: true,
    });
    expect(pi.status).toBe('succeeded');
    expect(pi.next_action).toBeNull();
    expect(pi.last_payment_error).toBeNull();
    expect(pi.processing).toBeNull();
    const charge = await stripe.charges.retrieve(pi.latest_charge as string);
    expect(charge.outcome).toMatchObject({ type: 'authorized', network_decline_code: null });
  });

  it('a customer without a discount has discount: null', async () => {
    const customer = await stripe.customers.create({ email: 'nodiscount@example.com' });
    expect(customer.discount).toBeNull();
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      discount: null,
    });
  });

  it('an invoice names its subscription under parent.subscription_details, not subscription', async () => {
    const { customer } = await customerWithCard(stripe);
    const price = await monthlyPrice(stripe, 1500);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    expect(sub.pause_collection).toBeNull();
    const invoice = await stripe.invoices.retrieve(sub.latest_invoice as string);
    expect('subscription' in invoice).toBe(false);
    expect(invoice.parent?.subscription_details?.subscription).toBe(sub.id);
    const listed = await stripe.invoices.list({ subscription: sub.id });
    expect(listed.data.map((i) => i.id)).toEqual([invoice.id]);
  });
});

describe('refusals as Stripe answers them', () => {
  it('error_if_incomplete with a card declined on charge (0341) is a 402 card_error and creates nothing', async () => {
    const { customer } = await customerWithCard(stripe, '4000000000000341');
    const price = await monthlyPrice(stripe, 2000);
    const err = await rejection(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        payment_behavior: 'error_if_incomplete',
      }),
    );
    expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(err!.statusCode).toBe(402);
    expect(err!.type).toBe('StripeCardError');
    expect(err!.code).toBe('card_declined');
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toEqual([]);
    // The default (allow_incomplete) keeps the subscription, incomplete, as before.
    const kept = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    expect(kept.status).toBe('incomplete');
  });

  it('incorrect_cvc and expired_card name the card field in param', async () => {
    const customer = await stripe.customers.create({ email: 'param@example.com' });
    for (const [number, code, param] of [
      ['4000000000000127', 'incorrect_cvc', 'cvc'],
      ['4000000000000069', 'expired_card', 'exp_month'],
    ] as const) {
      const pm = await card(stripe, number);
      const err = await rejection(stripe.paymentMethods.attach(pm.id, { customer: customer.id }));
      expect(err).toMatchObject({ statusCode: 402, code, param });
      const pi = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd', payment_method: pm.id });
      const declined = await rejection(stripe.paymentIntents.confirm(pi.id));
      expect(declined).toMatchObject({ statusCode: 402, code, param });
      expect((await stripe.paymentIntents.retrieve(pi.id)).last_payment_error).toMatchObject({ code, param });
    }
  });

  it('an unknown coupon is a 400 naming the parameter', async () => {
    const { customer } = await customerWithCard(stripe);
    const price = await monthlyPrice(stripe, 1000);
    const err = await rejection(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        discounts: [{ coupon: 'NOPE' }],
      }),
    );
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({ statusCode: 400, code: 'resource_missing' });
    expect(err!.param).toMatch(/^discounts\[0\]/);
    const promo = await rejection(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        discounts: [{ promotion_code: 'promo_nope' }],
      }),
    );
    expect(promo).toMatchObject({ statusCode: 400, code: 'resource_missing' });
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    // Retrieving it by its URL stays a 404.
    expect(await rejection(stripe.coupons.retrieve('NOPE'))).toMatchObject({ statusCode: 404 });
  });
});

describe('test payment method ids', () => {
  it('pm_card_visa pays with a new card payment method; pm_card_chargeDeclined is declined', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 1200,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    expect(pi.status).toBe('succeeded');
    expect(pi.payment_method).toMatch(/^pm_(?!card_)/);
    const pm = await stripe.paymentMethods.retrieve(pi.payment_method as string);
    expect(pm.card).toMatchObject({ brand: 'visa', last4: '4242' });
    const declined = await rejection(
      stripe.paymentIntents.create({
        amount: 1200,
        currency: 'usd',
        payment_method: 'pm_card_chargeDeclined',
        confirm: true,
      }),
    );
    expect(declined).toMatchObject({ statusCode: 402, code: 'card_declined' });
  });

  it('attaches pm_card_mastercard to a customer as a new payment method', async () => {
    const customer = await stripe.customers.create({ email: 'mc@example.com' });
    const pm = await stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id });
    expect(pm.id).not.toBe('pm_card_mastercard');
    expect(pm).toMatchObject({ customer: customer.id, card: { brand: 'mastercard', last4: '4444' } });
  });
});

describe('setup intents', () => {
  it('confirms a card for later use: attached to the customer, listed, retrievable', async () => {
    const customer = await stripe.customers.create({ email: 'setup@example.com' });
    const si = await stripe.setupIntents.create({
      customer: customer.id,
      allowed_payment_method_types: ['card'],
    });
    expect(si).toMatchObject({ status: 'requires_payment_method', next_action: null, usage: 'off_session' });
    expect(si.client_secret).toMatch(new RegExp(`^${si.id}_secret_`));
    const confirmed = await stripe.setupIntents.confirm(si.id, { payment_method: 'pm_card_visa' });
    expect(confirmed.status).toBe('succeeded');
    const pm = await stripe.paymentMethods.retrieve(confirmed.payment_method as string);
    expect(pm.customer).toBe(customer.id);
    expect((await stripe.setupIntents.retrieve(si.id)).status).toBe('succeeded');
    expect((await stripe.setupIntents.list({ customer: customer.id })).data.map((s) => s.id)).toEqual([
      si.id,
    ]);
  });

  it('a declined card is a 402 and the intent asks for another payment method', async () => {
    const customer = await stripe.customers.create({ email: 'setup-declined@example.com' });
    const si = await stripe.setupIntents.create({ customer: customer.id });
    const err = await rejection(
      stripe.setupIntents.confirm(si.id, { payment_method: 'pm_card_chargeDeclined' }),
    );
    expect(err).toMatchObject({ statusCode: 402, code: 'card_declined' });
    const after = await stripe.setupIntents.retrieve(si.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_setup_error).toMatchObject({ code: 'card_declined' });
    const canceled = await stripe.setupIntents.cancel(si.id);
    expect(canceled.status).toBe('canceled');
    expect(await rejection(stripe.setupIntents.retrieve('seti_missing'))).toMatchObject({ statusCode: 404 });
  });
});

describe('webhook endpoints', () => {
  it('creates, retrieves, lists, updates and deletes; the secret only in the creating answer', async () => {
    const created = await stripe.webhookEndpoints.create({
      url: 'https://example.com/hook',
      enabled_events: ['invoice.paid', 'customer.subscription.updated'],
    });
    expect(created.secret).toMatch(/^whsec_/);
    expect(created).toMatchObject({ status: 'enabled', api_version: '2026-10-28.endive' });
    const fetched = await stripe.webhookEndpoints.retrieve(created.id);
    expect(fetched.secret).toBeUndefined();
    expect(fetched.enabled_events).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect((await stripe.webhookEndpoints.list()).data.map((e) => e.id)).toContain(created.id);
    expect((await stripe.webhookEndpoints.update(created.id, { disabled: true })).status).toBe('disabled');
    expect(await stripe.webhookEndpoints.del(created.id)).toMatchObject({ id: created.id, deleted: true });
    expect(await rejection(stripe.webhookEndpoints.retrieve(created.id))).toMatchObject({ statusCode: 404 });
    expect(
      await rejection(stripe.webhookEndpoints.create({ url: 'ftp://x', enabled_events: ['*'] })),
    ).toMatchObject({ statusCode: 400, param: 'url' });
  });
});

it('every object these calls received fits the stripe package’s types', () => {
  expectStripeFields();
});
