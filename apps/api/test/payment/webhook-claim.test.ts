import { claimWebhookEvent, createUser, findUserById } from '@app/db';
import { ageWebhookClaim, webhookEventRow } from '@app/db/testing';
import { CREDIT_PACKAGES } from '@app/domain';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCustomer } from '../../src/modules/customers/ensure-customer.ts';
import {
  WEBHOOK_CLAIM_LEASE_SECONDS,
  WEBHOOK_HANDLERS,
} from '../../src/modules/webhooks/handle-webhook-event.ts';
import { CARDS, createPaymentTestApp, deliver, type PaymentTestContext } from './helpers.ts';

let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp();
});
afterAll(() => t.close());

const pack = CREDIT_PACKAGES[0]!;

/** A paid credit package and its payment_intent.succeeded event, as Stripe would send it. */
async function paidEvent(name: string) {
  const user = await createUser(t.database.db, { discordName: `${name}-${Date.now()}` });
  const customer = await ensureCustomer({ db: t.database.db, stripe: t.stripe, user: user });
  const intent = await t.stripe.paymentIntents.create({
    amount: pack.price,
    currency: 'usd',
    customer,
    metadata: { payment_type: 'Credits', tierType: pack.name },
  });
  await t.stripe.paymentIntents.confirm(intent.id, { payment_method: await t.card(CARDS.ok) });
  for await (const event of t.stripe.events.list({ type: 'payment_intent.succeeded', limit: 100 })) {
    if ((event.data.object as { id: string }).id === intent.id) {
      return { userId: user.id, event, payload: JSON.stringify(event) };
    }
  }
  throw new Error('no event');
}

const credits = async (userId: string) => (await findUserById(t.database.db, userId))!.credits;

describe('the webhook claim on an event', () => {
  it('a handler failing mid-way leaves the event to the redelivery, which grants once; then it is done', async () => {
    const { userId, event, payload } = await paidEvent('claim-fails');
    const original = WEBHOOK_HANDLERS['payment_intent.succeeded']!;
    WEBHOOK_HANDLERS['payment_intent.succeeded'] = async (ctx, e) => {
      await ctx.stripe.paymentIntents.retrieve((e.data.object as Stripe.PaymentIntent).id);
      throw new Error('connection lost mid-way');
    };
    try {
      const failed = await deliver(t.app, t.billing, payload);
      expect(failed.statusCode).toBe(500);
    } finally {
      WEBHOOK_HANDLERS['payment_intent.succeeded'] = original;
    }
    expect((await webhookEventRow(t.database.db, event.id))!.status).toBe('failed');
    expect(await credits(userId)).toBe(0);

    const retried = await deliver(t.app, t.billing, payload);
    expect(retried.json()).toEqual({ received: true, outcome: 'handled' });
    expect(await credits(userId)).toBe(pack.credits);
    expect((await webhookEventRow(t.database.db, event.id))!.status).toBe('done');
    const again = await deliver(t.app, t.billing, payload);
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await credits(userId)).toBe(pack.credits);
  });

  it('a claim left by a process that died mid-handler is taken over by a redelivery after its lease', async () => {
    const { userId, event, payload } = await paidEvent('claim-died');
    // The dying process had claimed the event and never finished its handler.
    expect(await claimWebhookEvent(t.database.db, event, WEBHOOK_CLAIM_LEASE_SECONDS)).toBe('claimed');

    // Within the lease the handler may still be running: Stripe is told to come back later.
    const early = await deliver(t.app, t.billing, payload);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('WEBHOOK_IN_PROGRESS');
    expect(await credits(userId)).toBe(0);

    await ageWebhookClaim(t.database.db, event.id, WEBHOOK_CLAIM_LEASE_SECONDS + 1);
    const late = await deliver(t.app, t.billing, payload);
    expect(late.json()).toEqual({ received: true, outcome: 'handled' });
    expect(await credits(userId)).toBe(pack.credits);
    const done = await webhookEventRow(t.database.db, event.id);
    expect(done!.status).toBe('done');

    // Done is final, however old the claim.
    await ageWebhookClaim(t.database.db, event.id, 10 * WEBHOOK_CLAIM_LEASE_SECONDS);
    expect((await deliver(t.app, t.billing, payload)).json().outcome).toBe('duplicate');
    expect(await credits(userId)).toBe(pack.credits);
  });
});
