import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.ts';
import { card, expectStripeFields, setup } from './helpers.ts';

let emulator: Emulator;
let stripe: Stripe;

beforeAll(async () => {
  ({ emulator, stripe } = await setup());
});
afterAll(() => emulator.close());

async function paid(number = '4242424242424242', amount = 2500) {
  const customer = await stripe.customers.create({ email: 'buyer@example.com' });
  const pm = await card(stripe, number, customer.id);
  return stripe.paymentIntents.create({
    amount,
    currency: 'usd',
    customer: customer.id,
    payment_method: pm.id,
    confirm: true,
    metadata: { tierType: 'Starter Pack' },
  });
}

const eventsOf = async (id: string) =>
  (await stripe.events.list({ limit: 100 })).data
    .filter(
      (e) =>
        (e.data.object as { id?: string; charge?: string }).id === id ||
        (e.data.object as { charge?: string }).charge === id,
    )
    .map((e) => e.type)
    .reverse();

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  return error as Stripe.errors.StripeInvalidRequestError;
}

describe('refunds', () => {
  it('refunds part of a charge by its payment intent, then the rest by the charge', async () => {
    const intent = await paid();
    const chargeId = intent.latest_charge as string;
    const partial = await stripe.refunds.create({
      payment_intent: intent.id,
      amount: 1000,
      reason: 'requested_by_customer',
    });
    expect(partial).toMatchObject({
      object: 'refund',
      amount: 1000,
      charge: chargeId,
      payment_intent: intent.id,
      status: 'succeeded',
      reason: 'requested_by_customer',
    });
    let charge = await stripe.charges.retrieve(chargeId);
    expect(charge).toMatchObject({ amount_refunded: 1000, refunded: false });

    const tooMuch = await refusal(stripe.refunds.create({ charge: chargeId, amount: 1600 }));
    expect(tooMuch.code).toBe('amount_too_large');
    expect(tooMuch.message).toBe(
      'Refund amount ($16.00) is greater than unrefunded amount on charge ($15.00)',
    );

    const rest = await stripe.refunds.create({ charge: chargeId });
    expect(rest.amount).toBe(1500);
    charge = await stripe.charges.retrieve(chargeId);
    expect(charge).toMatchObject({ amount_refunded: 2500, refunded: true });
    expect((await refusal(stripe.refunds.create({ charge: chargeId }))).code).toBe('charge_already_refunded');

    expect((await stripe.refunds.retrieve(partial.id)).amount).toBe(1000);
    const listed = await stripe.refunds.list({ payment_intent: intent.id });
    expect(listed.data.map((r) => r.id)).toEqual([rest.id, partial.id]);
    expect((await stripe.refunds.list({ charge: chargeId })).data).toHaveLength(2);

    const updated = await stripe.refunds.update(partial.id, { metadata: { note: 'asked by mail' } });
    expect(updated.metadata).toEqual({ note: 'asked by mail' });
    expect(await eventsOf(chargeId)).toEqual([
      'charge.succeeded',
      'refund.created',
      'charge.refunded',
      'refund.created',
      'charge.refunded',
      'refund.updated',
    ]);
    const refundedEvents = (await stripe.events.list({ type: 'charge.refunded', limit: 100 })).data.filter(
      (e) => (e.data.object as Stripe.Charge).id === chargeId,
    );
    expect(refundedEvents.map((e) => (e.data.object as Stripe.Charge).amount_refunded)).toEqual([2500, 1000]);
  });

  it('refuses a refund without a charge, for an unpaid intent, or of zero', async () => {
    expect((await refusal(stripe.refunds.create({}))).code).toBe('parameter_missing');
    const customer = await stripe.customers.create({});
    const unpaid = await stripe.paymentIntents.create({
      amount: 900,
      currency: 'usd',
      customer: customer.id,
    });
    expect((await refusal(stripe.refunds.create({ payment_intent: unpaid.id }))).code).toBe(
      'charge_not_refundable',
    );
    const intent = await paid();
    expect((await refusal(stripe.refunds.create({ payment_intent: intent.id, amount: 0 }))).code).toBe(
      'parameter_invalid_integer',
    );
    expect((await refusal(stripe.refunds.retrieve('re_missing'))).statusCode).toBe(404);
  });
});

describe('disputes', () => {
  async function disputed() {
    const intent = await paid('4000000000000259', 4999);
    expect(intent.status).toBe('succeeded');
    const [dispute] = (await stripe.disputes.list({ payment_intent: intent.id })).data;
    expect(dispute).toBeDefined();
    return { intent, dispute: dispute! };
  }

  it('4000000000000259 pays, then its charge is disputed with the amount and a fee withdrawn', async () => {
    const { intent, dispute } = await disputed();
    expect(dispute).toMatchObject({
      object: 'dispute',
      amount: 4999,
      charge: intent.latest_charge,
      status: 'needs_response',
      reason: 'fraudulent',
      is_charge_refundable: false,
    });
    expect(dispute.balance_transactions).toMatchObject([{ amount: -4999, fee: 1500, net: -6499 }]);
    expect((await stripe.charges.retrieve(intent.latest_charge as string)).disputed).toBe(true);
    expect((await refusal(stripe.refunds.create({ payment_intent: intent.id }))).code).toBe(
      'charge_disputed',
    );
    expect((await stripe.disputes.retrieve(dispute.id)).id).toBe(dispute.id);
    expect(await eventsOf(intent.latest_charge as string)).toEqual([
      'charge.succeeded',
      'charge.dispute.created',
      'charge.dispute.funds_withdrawn',
    ]);
  });

  it('winning evidence closes it won and reinstates the funds', async () => {
    const { dispute } = await disputed();
    const won = await stripe.disputes.update(dispute.id, {
      evidence: { uncategorized_text: 'winning_evidence', customer_name: 'Jo' },
      submit: true,
    });
    expect(won.status).toBe('won');
    expect(won.evidence.customer_name).toBe('Jo');
    expect(won.balance_transactions.map((t) => t.amount)).toEqual([-4999, 4999]);
    expect(await eventsOf(dispute.charge as string)).toEqual([
      'charge.succeeded',
      'charge.dispute.created',
      'charge.dispute.funds_withdrawn',
      'charge.dispute.updated',
      'charge.dispute.closed',
      'charge.dispute.funds_reinstated',
    ]);
    expect((await refusal(stripe.disputes.close(dispute.id))).code).toBe('dispute_already_closed');
  });

  it('closing accepts the dispute as lost; the test control decides either way', async () => {
    const first = await disputed();
    expect((await stripe.disputes.close(first.dispute.id)).status).toBe('lost');
    const second = await disputed();
    const answer = await fetch(`${emulator.url}/_emulator/disputes/close`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emulator.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ dispute: second.dispute.id, status: 'won' }),
    });
    expect(await answer.json()).toEqual({ id: second.dispute.id, status: 'won' });
    const closed = await stripe.events.list({ type: 'charge.dispute.closed', limit: 100 });
    const statuses = Object.fromEntries(
      closed.data.map((e) => [
        (e.data.object as Stripe.Dispute).id,
        (e.data.object as Stripe.Dispute).status,
      ]),
    );
    expect(statuses[first.dispute.id]).toBe('lost');
    expect(statuses[second.dispute.id]).toBe('won');
    const bad = await fetch(`${emulator.url}/_emulator/disputes/close`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emulator.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ dispute: second.dispute.id, status: 'maybe' }),
    });
    expect(bad.status).toBe(400);
  });
});

afterAll(() => {
  expectStripeFields();
});
