import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.ts';
import { card, expectStripeFields, future, postForm, setup, stripeFor } from './helpers.ts';

let emulator: Emulator;
let stripe: Stripe;

beforeAll(async () => {
  ({ emulator, stripe } = await setup());
});
afterAll(() => emulator.close());

const pay = (pm: string, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) =>
  stripe.paymentIntents.create({
    amount: 2500,
    currency: 'usd',
    payment_method: pm,
    confirm: true,
    ...extra,
  });

async function cardError(promise: Promise<unknown>): Promise<Stripe.errors.StripeCardError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
  return err as Stripe.errors.StripeCardError;
}

describe('test cards', () => {
  it('4242 succeeds with a charge and a receipt page', async () => {
    const pm = await card(stripe, '4242424242424242');
    expect(pm.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: future.exp_year });
    const pi = await pay(pm.id, { expand: ['latest_charge'] });
    expect(pi.status).toBe('succeeded');
    expect(pi.amount_received).toBe(2500);
    const charge = pi.latest_charge as Stripe.Charge;
    expect(charge.status).toBe('succeeded');
    const receipt = await fetch(charge.receipt_url as string);
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain('$25.00');
  });

  it('4000000000000002 is declined with generic_decline (StripeCardError, 402)', async () => {
    const pm = await card(stripe, '4000000000000002');
    const err = await cardError(pay(pm.id));
    expect(err.statusCode).toBe(402);
    expect(err.code).toBe('card_declined');
    expect(err.decline_code).toBe('generic_decline');
    expect(err.payment_intent?.status).toBe('requires_payment_method');
    const pi = await stripe.paymentIntents.retrieve(err.payment_intent!.id);
    expect(pi.last_payment_error?.decline_code).toBe('generic_decline');
  });

  it('4000000000009995 is declined for insufficient funds', async () => {
    const pm = await card(stripe, '4000000000009995');
    const err = await cardError(pay(pm.id));
    expect(err.code).toBe('card_declined');
    expect(err.decline_code).toBe('insufficient_funds');
  });

  it('rejects past expiry dates and malformed CVCs when the card is created', async () => {
    const year = new Date().getUTCFullYear();
    const expired = await cardError(
      stripe.paymentMethods.create({
        type: 'card',
        card: { number: '4242424242424242', exp_month: 1, exp_year: year - 1, cvc: '123' },
      }),
    );
    expect(expired.code).toBe('invalid_expiry_year');
    const cvc = await cardError(
      stripe.paymentMethods.create({
        type: 'card',
        card: { number: '4242424242424242', exp_month: 12, exp_year: year + 1, cvc: '12' },
      }),
    );
    expect(cvc.code).toBe('invalid_cvc');
    const number = await cardError(
      stripe.paymentMethods.create({ type: 'card', card: { number: '4242424242424241', ...future } }),
    );
    expect(number.code).toBe('incorrect_number');
  });

  it('4000002500003155 requires authentication; completing it succeeds', async () => {
    const pm = await card(stripe, '4000002500003155');
    const pi = await pay(pm.id, { return_url: 'http://localhost:5173/done' });
    expect(pi.status).toBe('requires_action');
    expect(pi.next_action?.type).toBe('redirect_to_url');
    const url = pi.next_action!.redirect_to_url!.url!;
    const pageHtml = await (await fetch(url)).text();
    expect(pageHtml).toContain('Complete authentication');
    expect(pageHtml).toContain('Fail authentication');
    const res = await postForm(`${emulator.url}/_emulator/authenticate/${pi.id}`, {
      client_secret: pi.client_secret!,
      return_url: 'http://localhost:5173/done',
      action: 'complete',
    });
    const html = await res.text();
    expect(html).toContain('data-status="succeeded"');
    expect(html).not.toMatch(/<script>/);
    expect(html).toContain('http://localhost:5173/done?payment_intent=');
    const after = await stripe.paymentIntents.retrieve(pi.id);
    expect(after.status).toBe('succeeded');
    expect(after.latest_charge).toMatch(/^ch_/);
  });

  it('failing authentication leaves requires_payment_method with last_payment_error', async () => {
    const pm = await card(stripe, '4000002500003155');
    const pi = await pay(pm.id);
    await postForm(`${emulator.url}/_emulator/authenticate/${pi.id}`, {
      client_secret: pi.client_secret!,
      action: 'fail',
    });
    const after = await stripe.paymentIntents.retrieve(pi.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error?.code).toBe('payment_intent_authentication_failure');
  });
});

describe('payment intents', () => {
  it('creates, updates, confirms later, lists and cancels', async () => {
    const customer = await stripe.customers.create({ email: 'pi@example.com' });
    const pi = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      customer: customer.id,
      metadata: { order: '1' },
    });
    expect(pi.status).toBe('requires_payment_method');
    const updated = await stripe.paymentIntents.update(pi.id, { amount: 1200, metadata: { note: 'x' } });
    expect(updated.metadata).toEqual({ order: '1', note: 'x' });
    const pm = await card(stripe, '4242424242424242', customer.id);
    const confirmed = await stripe.paymentIntents.confirm(pi.id, {
      payment_method: pm.id,
      expand: ['customer'],
    });
    expect(confirmed.status).toBe('succeeded');
    expect((confirmed.customer as Stripe.Customer).email).toBe('pi@example.com');
    const listed = await stripe.paymentIntents.list({ customer: customer.id });
    expect(listed.data.map((p) => p.id)).toEqual([pi.id]);
    const other = await stripe.paymentIntents.create({ amount: 700, currency: 'usd' });
    const canceled = await stripe.paymentIntents.cancel(other.id);
    expect(canceled.status).toBe('canceled');
  });

  it('lets the publishable key create cards and confirm only with the client secret', async () => {
    const browser = stripeFor(emulator, emulator.publishableKey);
    const pm = await browser.paymentMethods.create({
      type: 'card',
      card: { number: '4242424242424242', ...future },
    });
    const pi = await stripe.paymentIntents.create({ amount: 900, currency: 'usd' });
    await expect(browser.paymentIntents.retrieve(pi.id)).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    await expect(browser.customers.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const seen = await browser.paymentIntents.retrieve(pi.id, { client_secret: pi.client_secret! });
    expect(seen.id).toBe(pi.id);
    const done = await browser.paymentIntents.confirm(pi.id, {
      client_secret: pi.client_secret!,
      payment_method: pm.id,
    } as Stripe.PaymentIntentConfirmParams);
    expect(done.status).toBe('succeeded');
    const res = await fetch(`${emulator.url}/v1/payment_methods`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it('attaches and detaches cards', async () => {
    const customer = await stripe.customers.create({ email: 'att@example.com' });
    const pm = await card(stripe, '4242424242424242', customer.id);
    expect((await stripe.paymentMethods.retrieve(pm.id)).customer).toBe(customer.id);
    const list = await stripe.customers.listPaymentMethods(customer.id);
    expect(list.data).toHaveLength(1);
    expect((await stripe.paymentMethods.detach(pm.id)).customer).toBeNull();
  });
});

describe('idempotency', () => {
  it('replays the same response for the same key and body', async () => {
    const a = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'key-1' });
    const b = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'key-1' });
    expect(b.id).toBe(a.id);
    const list = await stripe.customers.list({ email: 'idem@example.com' });
    expect(list.data).toHaveLength(1);
  });

  it('refuses the same key with a different body', async () => {
    await stripe.customers.create({ email: 'one@example.com' }, { idempotencyKey: 'key-2' });
    const err = await stripe.customers
      .create({ email: 'two@example.com' }, { idempotencyKey: 'key-2' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((err as Stripe.errors.StripeError).statusCode).toBe(400);
  });
});

it('returns objects with every top-level field of Stripe’s own', () => {
  expectStripeFields();
});
