import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../src/routes.ts';
import { KNOWN_PARAMS } from '../src/known-params.ts';
import type { Emulator } from '../src/index.ts';
import { customerWithCard, monthlyPrice, setup } from './helpers.ts';

let emulator: Emulator;
let stripe: Stripe;
beforeAll(async () => ({ emulator, stripe } = await setup()));
afterAll(() => emulator.close());

async function refusal(call: Promise<unknown>) {
  const err = (await call.then(
    () => null,
    (e: unknown) => e,
  )) as Stripe.errors.StripeError | null;
  expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  return err!;
}

describe('unknown parameters', () => {
  it('refuses a top-level parameter Stripe does not know, naming it, and creates nothing', async () => {
    const before = (await stripe.customers.list({ limit: 100 })).data.length;
    const err = await refusal(
      stripe.customers.create({ email: 'x@example.com', emial: 'typo' } as Stripe.CustomerCreateParams),
    );
    expect(err.statusCode).toBe(400);
    expect(err.type).toBe('StripeInvalidRequestError');
    expect(err.raw).toMatchObject({
      type: 'invalid_request_error',
      code: 'parameter_unknown',
      param: 'emial',
      message: 'Received unknown parameter: emial',
    });
    expect((await stripe.customers.list({ limit: 100 })).data.length).toBe(before);
  });

  it('names a nested unknown parameter with its full bracket path', async () => {
    const { customer } = await customerWithCard(stripe);
    const price = await monthlyPrice(stripe, 500);
    const err = await refusal(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id, qty: 2 } as Stripe.SubscriptionCreateParams.Item],
      }),
    );
    expect(err.param).toBe('items[0][qty]');
    expect(err.message).toBe('Received unknown parameter: items[0][qty]');
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(0);
  });

  it('refuses unknown query parameters on reads too', async () => {
    const err = await refusal(
      stripe.customers.list({ emails: 'a@example.com' } as Stripe.CustomerListParams),
    );
    expect(err.param).toBe('emails');
  });

  it('keeps accepting metadata keys, expand and nested known parameters', async () => {
    const { customer } = await customerWithCard(stripe);
    const price = await monthlyPrice(stripe, 700);
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id, quantity: 1 }],
      metadata: { anything_goes: 'yes', 'and.dots': '1' },
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      expand: ['latest_invoice', 'customer'],
    });
    expect(sub.metadata.anything_goes).toBe('yes');
    expect((sub.customer as Stripe.Customer).id).toBe(customer.id);
    const pi = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    });
    expect(pi.automatic_payment_methods).toEqual({ enabled: true, allow_redirects: 'never' });
  });

  it('has a parameter list for every endpoint it serves', () => {
    const missing = apiRoutes
      .map((r) => `${r.method} ${r.path}`)
      .filter((key) => KNOWN_PARAMS[key] === undefined);
    expect(missing).toEqual([]);
  });
});
