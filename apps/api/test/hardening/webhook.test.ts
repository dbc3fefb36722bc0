import { createUser, findUserById } from '@app/db';
import { countRows } from '@app/db/testing';
import { CREDIT_PACKAGES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCustomer } from '../../src/modules/customers/ensure-customer.ts';
import { CARDS, createPaymentTestApp, deliver, type PaymentTestContext } from '../payment/helpers.ts';

let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp();
});
afterAll(() => t.close());

/** A paid credit package and its payment_intent.succeeded event, as Stripe would send it. */
async function paidEvent(name: string) {
  const user = await createUser(t.database.db, { discordName: name });
  const customer = await ensureCustomer({ db: t.database.db, stripe: t.stripe, user: user });
  const pack = CREDIT_PACKAGES[0]!;
  const intent = await t.stripe.paymentIntents.create({
    amount: pack.price,
    currency: 'usd',
    customer,
    metadata: { payment_type: 'Credits', tierType: pack.name },
  });
  await t.stripe.paymentIntents.confirm(intent.id, { payment_method: await t.card(CARDS.ok) });
  for await (const event of t.stripe.events.list({ type: 'payment_intent.succeeded', limit: 100 })) {
    if ((event.data.object as { id: string }).id === intent.id)
      return { userId: user.id, payload: JSON.stringify(event), credits: pack.credits };
  }
  throw new Error('no event');
}

describe('webhook deliveries', () => {
  it('refuses a signature dated six minutes in the future', async () => {
    const { userId, payload } = await paidEvent(`future-${Date.now()}`);
    const response = await deliver(t.app, t.billing, payload, { at: Math.floor(Date.now() / 1000) + 360 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_SIGNATURE');
    expect((await findUserById(t.database.db, userId))!.credits).toBe(0);
  });

  it.each([
    ['an array', '[]'],
    ['null', 'null'],
    ['an event without data', '{"id":"evt_nodata","type":"payment_intent.succeeded"}'],
    ['an event whose object is null', '{"id":"evt_null","type":"invoice.paid","data":{"object":null}}'],
  ])('refuses a validly signed body that is %s with 400', async (_name, payload) => {
    const events = await countRows(t.database.db, 'webhook_events');
    const response = await deliver(t.app, t.billing, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_EVENT');
    expect(await countRows(t.database.db, 'webhook_events')).toBe(events);
  });

  it('runs the handler once for five concurrent copies of one event', async () => {
    const { userId, payload, credits } = await paidEvent(`copies-${Date.now()}`);
    const responses = await Promise.all(Array.from({ length: 5 }, () => deliver(t.app, t.billing, payload)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = responses.map((response) => response.json().outcome).sort();
    expect(outcomes).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'handled']);
    expect((await findUserById(t.database.db, userId))!.credits).toBe(credits);
  });
});
