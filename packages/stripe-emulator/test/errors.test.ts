import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.ts';
import { expectStripeFields, setup, stripeFor } from './helpers.ts';

let emulator: Emulator;
let stripe: Stripe;

beforeAll(async () => {
  ({ emulator, stripe } = await setup());
});
afterAll(() => emulator.close());

const raw = (path: string, init: RequestInit = {}) =>
  fetch(`${emulator.url}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${emulator.secretKey}`,
      'content-type': 'application/x-www-form-urlencoded',
      ...init.headers,
    },
  });

describe('bad requests get Stripe-shaped errors', () => {
  it('unknown id → 404 resource_missing', async () => {
    const err = await stripe.customers.retrieve('cus_missing').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id' });
  });

  it('missing parameter → 400 parameter_missing with param', async () => {
    const err = await stripe.prices.create({ currency: 'usd', unit_amount: 100 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'product' });
  });

  it('wrong type → 400 parameter_invalid_integer', async () => {
    const res = await raw('/v1/payment_intents', { method: 'POST', body: 'amount=ten&currency=usd' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'amount' },
    });
  });

  it('malformed body → 400', async () => {
    const res = await raw('/v1/customers', { method: 'POST', body: 'metadata[a]=1&metadata[a][b]=2' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.type).toBe('invalid_request_error');
    const bad = await raw('/v1/customers', { method: 'POST', body: 'a]]=1' });
    expect(bad.status).toBe(400);
  });

  it('bracketed bodies nest as Stripe reads them; an oversize body is a 413 and creates nothing', async () => {
    const body =
      'email=nest%40example.com&metadata[plan]=pro+plus&expand[]=invoice_settings.default_payment_method';
    const nested = await (await raw('/v1/customers', { method: 'POST', body })).json();
    expect(nested).toMatchObject({ email: 'nest@example.com', metadata: { plan: 'pro plus' } });
    const before = (await stripe.customers.list({ limit: 100 })).data.length;
    const big = await raw('/v1/customers', {
      method: 'POST',
      body: `description=${'x'.repeat(1024 * 1024)}`,
    });
    expect(big.status).toBe(413);
    expect((await big.json()).error).toMatchObject({
      type: 'invalid_request_error',
      code: 'request_too_large',
    });
    expect((await stripe.customers.list({ limit: 100 })).data.length).toBe(before);
  });

  it('a known path with another method → 404 naming the method', async () => {
    const res = await raw('/v1/payment_intents', { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect((await res.json()).error.message).toBe('Unrecognized request URL (DELETE: /v1/payment_intents).');
  });

  it('unknown route → 404', async () => {
    const res = await raw('/v1/nothing_here');
    expect(res.status).toBe(404);
    expect((await res.json()).error.type).toBe('invalid_request_error');
  });

  it('a path that does not decode, or a parameter past the router’s limit → 4xx in Stripe’s shape', async () => {
    for (const [path, status] of [
      ['/v1/customers/%E0%A4%A', 400],
      [`/v1/customers/${'9'.repeat(500)}`, 414],
    ] as const) {
      const res = await raw(path);
      expect(res.status, path).toBe(status);
      expect((await res.json()).error).toMatchObject({
        type: 'invalid_request_error',
        message: expect.any(String),
      });
    }
  });

  it('missing or wrong key → 401 StripeAuthenticationError', async () => {
    const err = await stripeFor(emulator, 'sk_test_wrong')
      .customers.list()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((await fetch(`${emulator.url}/v1/customers`)).status).toBe(401);
  });

  it('the clock control needs the secret key and a number', async () => {
    expect(
      (await fetch(`${emulator.url}/_emulator/clock/advance`, { method: 'POST', body: 'seconds=10' })).status,
    ).toBe(401);
    expect((await raw('/_emulator/clock/advance', { method: 'POST', body: 'seconds=x' })).status).toBe(400);
    const before = emulator.now();
    const res = await raw('/_emulator/clock/advance', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 120 }),
    });
    expect(res.status).toBe(200);
    expect(emulator.now()).toBeGreaterThanOrEqual(before + 120);
  });

  it('keeps serving afterwards', async () => {
    const customer = await stripe.customers.create({ email: 'still@example.com' });
    expect(customer.id).toMatch(/^cus_/);
    const list = await stripe.customers.list({ limit: 100 });
    expect(list.object).toBe('list');
    expect(list.url).toBe('/v1/customers');
  });
});

it('returns objects with every top-level field of Stripe’s own', () => {
  expectStripeFields();
});
