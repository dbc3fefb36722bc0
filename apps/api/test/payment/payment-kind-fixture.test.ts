import { findPayment, findUserById } from '@app/db';
import { ledgerEntriesOf } from '@app/db/testing';
import type { CreatePaymentIntentBody } from '@app/domain';
import { HYPER_BUNDLE_KIND, KINDS_WITH_FIXTURE } from '@app/domain/testing';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentIntent } from '../../src/modules/payments/create-payment-intent.ts';
import { processSinglePayment } from '../../src/modules/payments/process-single-payment.ts';
import { reconcilePayments } from '../../src/modules/reconcile/reconcile-payments.ts';
import { listPaymentHistory } from '../../src/modules/subscriptions/list-payment-history.ts';
import { handleWebhookEvent } from '../../src/modules/webhooks/handle-webhook-event.ts';
import { CARDS, createPaymentTestApp, type PaymentTestContext } from './helpers.ts';

/*
 * A kind of payment the product does not have, declared in a fixture as one registry entry, is
 * bought, granted, refunded and listed by the product's own payment code given a registry with it,
 * with nothing else changed: the code reads each kind's entry, not a list of kinds of its own.
 */

let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp();
});
afterAll(() => t.close());

const kinds = KINDS_WITH_FIXTURE;
const bundle = HYPER_BUNDLE_KIND.find('Hyper Bundle')!;

/** Every event since `seen`, oldest first, handled with the fixture's registry. */
async function handleEvents(seen: Set<string>) {
  const events: Stripe.Event[] = [];
  for await (const event of t.stripe.events.list({ limit: 100 })) if (!seen.has(event.id)) events.push(event);
  for (const event of events.reverse()) {
    seen.add(event.id);
    await handleWebhookEvent({ db: t.database.db, stripe: t.stripe, kinds }, event);
  }
}

describe('a payment kind declared in a fixture', () => {
  it('is bought, granted once, refunded pro rata then in full, and listed in its own words', async () => {
    const seen = new Set<string>();
    await handleEvents(seen);
    const { userId } = await t.signIn('bundle-buyer');
    const user = (await findUserById(t.database.db, userId))!;
    const before = user.hypercredits;

    const intent = await createPaymentIntent({
      db: t.database.db,
      stripe: t.stripe,
      user,
      body: {
        purchaseType: HYPER_BUNDLE_KIND.type,
        tierType: bundle.name,
      } as unknown as CreatePaymentIntentBody,
      kinds,
    });
    expect(intent).toMatchObject({
      amount: bundle.price,
      metadata: { payment_type: 'HyperBundle', tierType: 'Hyper Bundle' },
    });
    // The purchase made the user a Stripe customer.
    const customer = (await findUserById(t.database.db, userId))!;
    const paid = await processSinglePayment({
      db: t.database.db,
      stripe: t.stripe,
      user: customer,
      body: { paymentIntentId: intent.id, paymentMethodId: await t.card(CARDS.ok) },
      kinds,
    });
    expect(paid.status).toBe('succeeded');
    await handleEvents(seen);
    await reconcilePayments({ db: t.database.db, stripe: t.stripe, kinds });
    expect((await findUserById(t.database.db, userId))!.hypercredits).toBe(before + bundle.hypercredits);
    expect(await findPayment(t.database.db, intent.id)).toMatchObject({
      kind: 'hyperBundle',
      product: 'Hyper Bundle',
      amountCents: bundle.price,
      hypercreditsGranted: bundle.hypercredits,
    });

    await t.stripe.refunds.create({ payment_intent: intent.id, amount: Math.floor(bundle.price / 4) });
    await handleEvents(seen);
    const quarter = Math.floor((bundle.hypercredits * Math.floor(bundle.price / 4)) / bundle.price);
    expect((await findUserById(t.database.db, userId))!.hypercredits).toBe(
      before + bundle.hypercredits - quarter,
    );
    await t.stripe.refunds.create({ payment_intent: intent.id });
    await handleEvents(seen);
    await reconcilePayments({ db: t.database.db, stripe: t.stripe, kinds });
    expect((await findUserById(t.database.db, userId))!.hypercredits).toBe(before);
    expect(await findPayment(t.database.db, intent.id)).toMatchObject({ refundedCents: bundle.price });

    const reasons = (await ledgerEntriesOf(t.database.db, userId))
      .filter((row) => row.currency === 'hypercredits')
      .map((row) => [row.reason, row.delta]);
    expect(reasons).toEqual([
      ['bundle: Hyper Bundle', bundle.hypercredits],
      ['bundle refunded: Hyper Bundle', -quarter],
      ['bundle refunded: Hyper Bundle', -(bundle.hypercredits - quarter)],
    ]);
    const history = await listPaymentHistory({
      db: t.database.db,
      stripe: t.stripe,
      user: customer,
      customerId: intent.customer!,
      kinds,
    });
    expect(history).toMatchObject([
      { status: 'refunded', description: 'Hypercredit bundle: Hyper Bundle', amount: bundle.price },
    ]);
  });
});
