import { createUser, findUserById } from '@app/db';
import { countRows, ledgerEntriesByKeyPattern } from '@app/db/testing';
import { CREDIT_PACKAGES, findTier } from '@app/domain';
import { signPayload } from '@app/stripe-emulator';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCustomer } from '../../src/modules/customers/ensure-customer.ts';
import { priceFor } from '../../src/modules/catalog/sync-catalog.ts';
import { CARDS, createPaymentTestApp, deliver, type PaymentTestContext } from './helpers.ts';

let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp();
});
afterAll(() => t.close());

async function rowCounts() {
  return {
    events: await countRows(t.database.db, 'webhook_events'),
    ledger: await countRows(t.database.db, 'credit_ledger'),
  };
}

async function newCustomer(name: string) {
  const user = await createUser(t.database.db, { discordName: name });
  return {
    userId: user.id,
    customer: await ensureCustomer({ db: t.database.db, stripe: t.stripe, user: user }),
  };
}

/** Runs tasks with at most `width` in flight. */
async function pool<T>(count: number, width: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

async function paidPackage(customer: string, pack = CREDIT_PACKAGES[0]!) {
  const intent = await t.stripe.paymentIntents.create({
    amount: pack.price,
    currency: 'usd',
    customer,
    metadata: { payment_type: 'Credits', tierType: pack.name },
  });
  return t.stripe.paymentIntents.confirm(intent.id, { payment_method: await t.card(CARDS.ok) });
}

async function eventsOf(type: string, objectIds: Set<string>): Promise<Stripe.Event[]> {
  const found: Stripe.Event[] = [];
  for await (const event of t.stripe.events.list({ type, limit: 100 })) {
    if (objectIds.has((event.data.object as { id: string }).id)) found.push(event);
  }
  return found;
}

describe('webhook signature', () => {
  it('refuses a bad, missing or six-minute-old signature and writes nothing', async () => {
    const { customer, userId } = await newCustomer('sig-user');
    const intent = await paidPackage(customer);
    const [event] = await eventsOf('payment_intent.succeeded', new Set([intent.id]));
    const payload = JSON.stringify(event);
    const before = await rowCounts();
    const userBefore = await findUserById(t.database.db, userId);
    const creditsBefore = userBefore!.credits;

    const now = Math.floor(Date.now() / 1000);
    const cases = [
      { signature: null },
      { signature: '' },
      { signature: 't=1,v1=deadbeef' },
      { signature: signPayload(payload, 'whsec_wrong', now) },
      { signature: signPayload(payload, t.billing.webhookSecret, now - 6 * 60) },
      { signature: signPayload(payload.replace(intent.id, 'pi_forged'), t.billing.webhookSecret, now) },
    ];
    for (const options of cases) {
      const response = await deliver(t.app, t.billing, payload, options);
      expect(response.statusCode, String(options.signature)).toBe(400);
      expect(response.json().error.code).toBe('BAD_SIGNATURE');
    }
    expect(await rowCounts()).toEqual(before);
    const after = await findUserById(t.database.db, userId);
    expect(after!.credits).toBe(creditsBefore);

    const good = await deliver(t.app, t.billing, payload);
    expect(good.statusCode).toBe(200);
    const granted = await findUserById(t.database.db, userId);
    expect(granted!.credits).toBe(creditsBefore + CREDIT_PACKAGES[0]!.credits);
  });
});

describe('webhook soak', () => {
  it('1,000 events, each delivered 1–5 times, shuffled, 20 at a time: every payment grants once', async () => {
    const buyers = await Promise.all(Array.from({ length: 10 }, (_, i) => newCustomer(`soak-${i}`)));
    const intents = await pool(950, 20, (i) =>
      paidPackage(buyers[i % buyers.length]!.customer, CREDIT_PACKAGES[i % CREDIT_PACKAGES.length]),
    );
    // 50 subscription payments by 50 more customers (their first invoices).
    const tier = findTier('Professional Plan', 'Monthly')!;
    const price = await priceFor(t.stripe, tier.lookupKey);
    const subscribers = await Promise.all(Array.from({ length: 50 }, (_, i) => newCustomer(`soak-sub-${i}`)));
    const invoiceIds = await pool(subscribers.length, 20, async (i) => {
      const { customer } = subscribers[i]!;
      const method = await t.card(CARDS.ok);
      await t.stripe.paymentMethods.attach(method, { customer });
      const sub = await t.stripe.subscriptions.create({
        customer,
        items: [{ price: price.id }],
        default_payment_method: method,
      });
      return sub.latest_invoice as string;
    });
    const invoices = new Set(invoiceIds);

    const events = [
      ...(await eventsOf('payment_intent.succeeded', new Set(intents.map((i) => i.id)))),
      ...(await eventsOf('invoice.paid', invoices)),
    ];
    expect(events).toHaveLength(1000);
    const deliveries = events.flatMap((event) => {
      const payload = JSON.stringify(event);
      return Array.from({ length: 1 + Math.floor(Math.random() * 5) }, () => payload);
    });
    for (let i = deliveries.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
    }
    let next = 0;
    const worker = async () => {
      while (next < deliveries.length) {
        const payload = deliveries[next++]!;
        const response = await deliver(t.app, t.billing, payload);
        expect(response.statusCode, response.body).toBe(200);
      }
    };
    await Promise.all(Array.from({ length: 20 }, worker));

    const db = t.database.db;
    const piRows = (await ledgerEntriesByKeyPattern(db, 'payment_intent:%')).map((row) => ({
      key: row.idempotencyKey,
    }));
    const soakIds = new Set(intents.map((i) => i.id));
    // Every package grants exactly one currency, so one ledger row per payment.
    expect(piRows.filter((row) => soakIds.has(row.key.split(':')[1]!))).toHaveLength(intents.length);
    const invoiceRows = await ledgerEntriesByKeyPattern(db, 'invoice:%');
    expect(invoiceRows).toHaveLength(100); // credits and hypercredits for each of the 50 invoices

    for (const [index, buyer] of buyers.entries()) {
      const mine = intents.filter((_, i) => i % buyers.length === index);
      const packs = mine.map((i) => CREDIT_PACKAGES.find((p) => p.name === i.metadata.tierType)!);
      const user = await findUserById(db, buyer.userId);
      expect(user!.credits).toBe(packs.reduce((sum, p) => sum + p.credits, 0));
      expect(user!.hypercredits).toBe(packs.reduce((sum, p) => sum + p.hypercredits, 0));
    }
    for (const subscriber of subscribers) {
      const user = await findUserById(db, subscriber.userId);
      expect(user!.credits).toBe(tier.credits);
      expect(user!.subscriptionStatus).toBe('Professional Plan');
    }
    const stored = { n: await countRows(db, 'webhook_events') };
    expect(stored.n).toBeGreaterThanOrEqual(1000);
  }, 300_000);
});
