import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../src/index.ts';
import {
  customerWithCard,
  expectStripeFields,
  monthlyPrice,
  setup,
  stripeFor,
  waitFor,
  webhookReceiver,
} from './helpers.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('webhooks', () => {
  it('delivers events signed so that stripe.webhooks.constructEvent accepts them', async () => {
    const receiver = await webhookReceiver();
    const { emulator, stripe } = await setup({ webhookUrl: receiver.url });
    const customer = await stripe.customers.create({ email: 'hook@example.com' });
    await emulator.flushWebhooks();
    await waitFor(() => receiver.deliveries.length > 0);
    const { body, signature } = receiver.deliveries[0]!;
    const event = stripe.webhooks.constructEvent(body, signature, emulator.webhookSecret);
    expect(event.type).toBe('customer.created');
    expect((event.data.object as Stripe.Customer).id).toBe(customer.id);
    expect(() => stripe.webhooks.constructEvent(body, signature, 'whsec_wrong')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect((await stripe.events.retrieve(event.id)).type).toBe('customer.created');
    await emulator.close();
    await receiver.close();
  });

  it('retries after the endpoint answers 500', async () => {
    const receiver = await webhookReceiver((n) => (n === 0 ? 500 : 200));
    const { emulator, stripe } = await setup();
    emulator.setWebhookUrl(receiver.url);
    await stripe.products.create({ name: 'Retry me' });
    await waitFor(() => receiver.deliveries.length >= 2);
    expect(receiver.deliveries[1]!.body).toBe(receiver.deliveries[0]!.body);
    await emulator.close();
    await receiver.close();
  });

  it('sends renewal events when the clock advances', async () => {
    const receiver = await webhookReceiver();
    const { emulator, stripe } = await setup({ webhookUrl: receiver.url });
    const { customer } = await customerWithCard(stripe);
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: (await monthlyPrice(stripe, 900)).id }],
    });
    await emulator.advanceClock(32 * 86400);
    await emulator.flushWebhooks();
    const types = receiver.deliveries.map((d) => (JSON.parse(d.body) as Stripe.Event).type);
    expect(types).toContain('invoice.paid');
    const updated = receiver.deliveries
      .map((d) => JSON.parse(d.body) as Stripe.Event)
      .filter((e) => e.type === 'customer.subscription.updated' && e.data.object.id === sub.id);
    expect(updated.length).toBeGreaterThan(0);
    await emulator.close();
    await receiver.close();
  });
});

describe('persistence', () => {
  it('keeps keys, objects and the clock across a restart with the same data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stripe-emulator-'));
    dirs.push(dataDir);
    const first = await startEmulator({ dataDir });
    const stripe = stripeFor(first);
    const customer = await stripe.customers.create({ email: 'keep@example.com', metadata: { a: '1' } });
    await first.advanceClock(3600);
    const clock = first.now();
    await first.close();

    const second = await startEmulator({ dataDir });
    expect(second.secretKey).toBe(first.secretKey);
    expect(second.webhookSecret).toBe(first.webhookSecret);
    expect(second.now()).toBeGreaterThanOrEqual(clock);
    const again = await stripeFor(second).customers.retrieve(customer.id);
    expect((again as Stripe.Customer).metadata).toEqual({ a: '1' });
    await second.close();
  });
});

it('returns objects with every top-level field of Stripe’s own', () => {
  expectStripeFields();
});
