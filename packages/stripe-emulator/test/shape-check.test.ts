import { checkStripeObject, stripeSchema } from '@app/emulator-fidelity';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type Observed } from '../src/index.ts';

type Json = Record<string, unknown>;

// Real emulator objects, made through the official SDK and recorded by the same observer hook the
// test run records with; then checked, and checked again after deliberate mutations.
const seen: Observed[] = [];
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ observe: (o) => seen.push(o) });
  const url = new URL(emulator.url);
  const stripe = new Stripe(emulator.secretKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
  });
  const customer = await stripe.customers.create({ email: 'shape@example.com' });
  const product = await stripe.products.create({ name: 'Plan' });
  const price = await stripe.prices.create({
    product: product.id,
    unit_amount: 1000,
    currency: 'usd',
    recurring: { interval: 'month' },
  });
  await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    payment_behavior: 'default_incomplete',
  });
});
afterAll(() => emulator.close());

const answer = (route: string) => {
  const found = seen.find((o) => o.kind === 'response' && o.route === route);
  if (!found) throw new Error(`no answer recorded for ${route}`);
  return structuredClone(found.body) as Json;
};
const event = (type: string) => {
  const found = seen.find((o) => o.kind === 'event' && (o.body as Json).type === type);
  if (!found) throw new Error(`no ${type} event recorded`);
  return structuredClone(found.body) as Json & { data: { object: Json } };
};
const failuresOf = (value: unknown) => checkStripeObject(value, stripeSchema()).flatMap((c) => c.failures);

describe('the shape check against the stripe package’s types', () => {
  it('passes the emulator’s answers and events as they are', () => {
    expect(seen.length).toBeGreaterThan(10);
    for (const o of seen) expect(failuresOf(o.body), JSON.stringify(o).slice(0, 200)).toEqual([]);
  });

  it('fails when a required field is removed (a deliberate mutation)', () => {
    const customer = answer('POST /v1/customers');
    delete customer.invoice_settings;
    expect(failuresOf(customer)).toEqual([
      { path: 'invoice_settings', message: 'required by Customer, missing' },
    ]);
    const sub = answer('POST /v1/subscriptions');
    delete (sub.items as { data: Json[] }).data[0]!.current_period_end;
    expect(failuresOf(sub)).toEqual([
      { path: 'items.data[0].current_period_end', message: 'required by SubscriptionItem, missing' },
    ]);
    const created = event('invoice.created');
    delete created.data.object.total;
    expect(failuresOf(created)).toEqual([
      { path: 'data.object.total', message: 'required by Invoice, missing' },
    ]);
  });

  it('fails an object of nulls where the type says null, a removed field, a wrong type, an unknown kind', () => {
    const customer = answer('POST /v1/customers');
    expect(failuresOf({ ...customer, discount: { id: null, coupon: null } }).map((f) => f.path)).toEqual([
      'discount',
    ]);
    const invoice = event('invoice.created').data.object;
    expect(failuresOf(invoice)).toEqual([]);
    expect(failuresOf({ ...invoice, subscription: 'sub_1' })).toEqual([
      { path: 'subscription', message: 'not a field of Invoice' },
    ]);
    const pi = event('payment_intent.created').data.object;
    expect(failuresOf({ ...pi, next_action: { type: null } })).toEqual([
      { path: 'next_action.type', message: 'expected string, got null' },
    ]);
    expect(failuresOf({ ...customer, livemode: 'no' })).toEqual([
      { path: 'livemode', message: 'expected boolean, got string' },
    ]);
    expect(failuresOf({ ...customer, object: 'custmer' })).toEqual([
      { path: 'object', message: 'no Stripe type has object: "custmer"' },
    ]);
  });

  it('checks literal values where the type closes them (stripe-node leaves most enums open)', () => {
    const created = event('invoice.created');
    expect(failuresOf({ ...created, type: 'invoice.exploded' })).toEqual([
      { path: 'type', message: 'no Stripe event has type: "invoice.exploded"' },
    ]);
    const line = (created.data.object.lines as { data: Json[] }).data[0]!;
    (line.pricing as Json).type = 'tiers';
    expect(failuresOf(created)).toEqual([
      {
        path: 'data.object.lines.data[0].pricing',
        message: expect.stringMatching(/ is not one of null \| Pricing$/) as string,
      },
    ]);
  });
});
