import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.ts';
import { card, customerWithCard, monthlyPrice, postForm, setup } from './helpers.ts';

let emulator: Emulator;
let stripe: Stripe;
beforeAll(async () => ({ emulator, stripe } = await setup()));
afterAll(() => emulator.close());

const cardError = async (call: Promise<unknown>) => {
  const err = (await call.then(
    () => null,
    (e: unknown) => e,
  )) as Stripe.errors.StripeCardError | null;
  expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
  return err!;
};

/** Completes the 3-D Secure page of an intent waiting for authentication, as the customer would. */
async function authenticate(pi: Stripe.PaymentIntent) {
  const url = new URL(pi.next_action!.redirect_to_url!.url!);
  const res = await postForm(`${url.origin}${url.pathname}`, {
    client_secret: pi.client_secret!,
    action: 'complete',
  });
  expect(res.status).toBe(200);
  return stripe.paymentIntents.retrieve(pi.id);
}

describe('test cards', () => {
  it('4000 0000 0000 0002 is declined when attached to a customer', async () => {
    const customer = await stripe.customers.create({ email: 'declined@example.com' });
    const pm = await card(stripe, '4000000000000002');
    const err = await cardError(stripe.paymentMethods.attach(pm.id, { customer: customer.id }));
    expect(err.statusCode).toBe(402);
    expect(err.code).toBe('card_declined');
    expect(err.decline_code).toBe('generic_decline');
    expect((await stripe.paymentMethods.retrieve(pm.id)).customer).toBeNull();
    const refused = await cardError(stripe.customers.create({ payment_method: pm.id }));
    expect(refused.code).toBe('card_declined');
  });

  it('4000 0000 0000 0341 attaches, then every charge fails', async () => {
    const { customer, pm } = await customerWithCard(stripe, '4000000000000341');
    expect((await stripe.paymentMethods.retrieve(pm.id)).customer).toBe(customer.id);
    for (let i = 0; i < 2; i++) {
      const err = await cardError(
        stripe.paymentIntents.create({
          amount: 2000,
          currency: 'usd',
          customer: customer.id,
          payment_method: pm.id,
          confirm: true,
          off_session: i === 1,
        }),
      );
      expect(err.code).toBe('card_declined');
      expect(err.decline_code).toBe('generic_decline');
    }
    const price = await monthlyPrice(stripe, 1500);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    expect(sub.status).toBe('incomplete');
  });

  it('4000 0025 0000 3155 asks for authentication on-session and is refused off-session until set up', async () => {
    const { customer, pm } = await customerWithCard(stripe, '4000002500003155');
    const base = { amount: 1200, currency: 'usd', customer: customer.id, payment_method: pm.id };
    const offBefore = await cardError(
      stripe.paymentIntents.create({ ...base, confirm: true, off_session: true }),
    );
    expect(offBefore.code).toBe('authentication_required');
    const onSession = await stripe.paymentIntents.create({ ...base, confirm: true });
    expect(onSession.status).toBe('requires_action');
    const setUp = await stripe.paymentIntents.create({
      ...base,
      confirm: true,
      setup_future_usage: 'off_session',
    });
    expect(setUp.status).toBe('requires_action');
    expect((await authenticate(setUp)).status).toBe('succeeded');
    const offAfter = await stripe.paymentIntents.create({ ...base, confirm: true, off_session: true });
    expect(offAfter.status).toBe('succeeded');
    const onAgain = await stripe.paymentIntents.create({ ...base, confirm: true });
    expect(onAgain.status).toBe('requires_action');
  });

  it('4000 0025 0000 3155 renews off-session once the first subscription payment was authenticated', async () => {
    const { customer } = await customerWithCard(stripe, '4000002500003155');
    const price = await monthlyPrice(stripe, 900);
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      expand: ['latest_invoice.payments'],
    });
    expect(sub.status).toBe('incomplete');
    const invoice = sub.latest_invoice as Stripe.Invoice;
    const piId = invoice.payments!.data[0]!.payment.payment_intent as string;
    const pi = await stripe.paymentIntents.retrieve(piId);
    expect(pi.setup_future_usage).toBe('off_session');
    await authenticate(pi);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
    await emulator.advanceClock(32 * 86400);
    const renewed = await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    expect(renewed.status).toBe('active');
    expect((renewed.latest_invoice as Stripe.Invoice).billing_reason).toBe('subscription_cycle');
    expect((renewed.latest_invoice as Stripe.Invoice).status).toBe('paid');
  });
});
