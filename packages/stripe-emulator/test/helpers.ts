import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { startEmulator, type Emulator, type EmulatorOptions } from '../src/index.ts';
import { checkStripeObject, stripeSchema } from '@app/emulator-fidelity';

type Json = Record<string, unknown>;

/** Every Stripe object the SDK received, by `object` type, to check against the SDK's types. */
export const received = new Map<string, Json[]>();

function collect(value: unknown): void {
  if (Array.isArray(value)) return value.forEach(collect);
  if (typeof value !== 'object' || value === null) return;
  const obj = value as Json;
  if (typeof obj.object === 'string' && obj.object !== 'list' && !obj.deleted) {
    const list = received.get(obj.object) ?? [];
    list.push(obj);
    received.set(obj.object, list);
  }
  Object.values(obj).forEach(collect);
}

const recordingFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  const text = await res.clone().text();
  try {
    collect(JSON.parse(text));
  } catch {
    // not JSON: nothing to record
  }
  return res;
};

export function stripeFor(emulator: Emulator, key = emulator.secretKey): Stripe {
  const url = new URL(emulator.url);
  return new Stripe(key, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
    httpClient: Stripe.createFetchHttpClient(recordingFetch),
  });
}

export async function setup(options: EmulatorOptions = {}): Promise<{ emulator: Emulator; stripe: Stripe }> {
  const emulator = await startEmulator(options);
  return { emulator, stripe: stripeFor(emulator) };
}

/**
 * Asserts every collected object fits the `stripe` package's type for it: every required field,
 * `null` only where the type allows it, enum values, no field the API version does not have.
 */
export function expectStripeFields(): void {
  const problems: string[] = [];
  for (const [kind, objects] of received) {
    for (const obj of objects) {
      for (const { failures } of checkStripeObject(obj, stripeSchema()))
        problems.push(...failures.map((f) => `${kind} ${String(obj.id)} ${f.path}: ${f.message}`));
    }
  }
  expect(problems).toEqual([]);
  expect(received.size).toBeGreaterThan(0);
}

export const future = { exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' };

export async function card(stripe: Stripe, number: string, customer?: string): Promise<Stripe.PaymentMethod> {
  const pm = await stripe.paymentMethods.create({ type: 'card', card: { number, ...future } });
  if (customer) await stripe.paymentMethods.attach(pm.id, { customer });
  return pm;
}

export async function customerWithCard(stripe: Stripe, number = '4242424242424242') {
  const customer = await stripe.customers.create({
    email: `u${Math.random().toString(36).slice(2)}@example.com`,
    name: 'Test User',
  });
  const pm = await card(stripe, number, customer.id);
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
  return { customer, pm };
}

export async function monthlyPrice(
  stripe: Stripe,
  amount: number,
  name = 'Plan',
  interval: 'month' | 'year' = 'month',
) {
  const product = await stripe.products.create({ name });
  return stripe.prices.create({
    product: product.id,
    unit_amount: amount,
    currency: 'usd',
    recurring: { interval },
  });
}

export interface Received {
  body: string;
  signature: string;
}

/** A local webhook endpoint; `status` decides each answer (e.g. a 500 first, then 200). */
export async function webhookReceiver(status: (n: number) => number = () => 200) {
  const deliveries: Received[] = [];
  let count = 0;
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature']),
      });
      res.writeHead(status(count++)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Posts an HTML form like a browser, without following redirects. */
export function postForm(url: string, form: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
}

export async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
