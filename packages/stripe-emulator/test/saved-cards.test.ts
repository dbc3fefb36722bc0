import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.ts';
import { card, customerWithCard, expectStripeFields, monthlyPrice, postForm, setup } from './helpers.ts';

/*
 * Saved cards and what comes after them: a SetupIntent (3-D Secure on the bank's page), off-session
 * PaymentIntents (authentication_required, declines), receipts and invoices as PDFs, and the billing
 * portal as its configuration says.
 */
let emulator: Emulator;
let stripe: Stripe;
beforeAll(async () => ({ emulator, stripe } = await setup({ businessName: 'HyperCreate' })));
afterAll(() => emulator.close());

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (err: unknown) => err as Stripe.errors.StripeError,
  );

/** Saves `number` for `customer` through a SetupIntent, completing the bank's page when it asks. */
async function saveCard(customer: string, number: string, outcome: 'complete' | 'fail' = 'complete') {
  const pm = await card(stripe, number);
  const si = await stripe.setupIntents.create({ customer, usage: 'off_session' });
  const confirmed = await stripe.setupIntents.confirm(si.id, {
    payment_method: pm.id,
    return_url: 'http://127.0.0.1:9/back',
  });
  if (confirmed.status !== 'requires_action') return { pm, si: confirmed };
  const url = confirmed.next_action!.redirect_to_url!.url!;
  expect(await (await fetch(url)).text()).toContain('saving your card');
  const answer = await postForm(url.split('?')[0]!, {
    client_secret: confirmed.client_secret!,
    action: outcome,
    return_url: 'http://127.0.0.1:9/back',
  });
  expect(await answer.text()).toContain('setup_intent=');
  return { pm, si: await stripe.setupIntents.retrieve(si.id) };
}

async function offSession(customer: string, pm: string, key?: string) {
  return stripe.paymentIntents.create(
    { amount: 1000, currency: 'usd', customer, payment_method: pm, off_session: true, confirm: true },
    key ? { idempotencyKey: key } : undefined,
  );
}

describe('saving a card and charging it off-session', () => {
  it('a 3-D Secure card is saved after the bank page; 3155 then pays off-session, 3184 asks again', async () => {
    const customer = await stripe.customers.create({ email: 'saved@example.com' });
    const setUp = await saveCard(customer.id, '4000002500003155');
    expect(setUp.si.status).toBe('succeeded');
    expect((await stripe.paymentMethods.retrieve(setUp.pm.id)).customer).toBe(customer.id);
    expect((await offSession(customer.id, setUp.pm.id)).status).toBe('succeeded');

    const always = await saveCard(customer.id, '4000002760003184');
    expect(always.si.status).toBe('succeeded');
    const err = await rejection(offSession(customer.id, always.pm.id));
    expect(err).toMatchObject({ statusCode: 402, code: 'authentication_required' });
    const pi = await stripe.paymentIntents.retrieve(
      (err.raw as { payment_intent: { id: string } }).payment_intent.id,
    );
    expect(pi.status).toBe('requires_payment_method');
    expect(pi.last_payment_error?.code).toBe('authentication_required');
    // Brought back on-session, the same intent asks for the bank page and then pays.
    const again = await stripe.paymentIntents.confirm(pi.id, {
      payment_method: always.pm.id,
      return_url: 'http://127.0.0.1:9/back',
    });
    expect(again.status).toBe('requires_action');
    expect(again.next_action?.redirect_to_url?.url).toContain('/_emulator/authenticate/');
  });

  it('a failed authentication leaves the setup wanting a card; a declined card is refused at setup', async () => {
    const customer = await stripe.customers.create({ email: 'failed@example.com' });
    const failed = await saveCard(customer.id, '4000002500003155', 'fail');
    expect(failed.si.status).toBe('requires_payment_method');
    expect(failed.si.last_setup_error?.code).toBe('setup_intent_authentication_failure');
    const si = await stripe.setupIntents.create({ customer: customer.id });
    const err = await rejection(
      stripe.setupIntents.confirm(si.id, { payment_method: 'pm_card_chargeDeclined' }),
    );
    expect(err).toMatchObject({ statusCode: 402, code: 'card_declined' });
    // A card that is saved but declines its charges (0341) is declined off-session.
    const { pm } = await saveCard(customer.id, '4000000000000341');
    expect(await rejection(offSession(customer.id, pm.id))).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
    });
  });

  it('one idempotency key makes one off-session payment', async () => {
    const { customer, pm } = await customerWithCard(stripe);
    const key = `top-up-${customer.id}`;
    const [a, b] = await Promise.all([
      offSession(customer.id, pm.id, key),
      offSession(customer.id, pm.id, key),
    ]);
    expect(a.id).toBe(b.id);
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data).toHaveLength(1);
  });
});

describe('receipts and invoices as PDFs', () => {
  it('a charge’s receipt_url is a page with a PDF naming the seller, the amount and the item', async () => {
    const { customer, pm } = await customerWithCard(stripe);
    const pi = await stripe.paymentIntents.create({
      amount: 1234,
      currency: 'usd',
      customer: customer.id,
      payment_method: pm.id,
      confirm: true,
      description: 'Credit package: 500 credits',
      expand: ['latest_charge'],
    });
    const charge = pi.latest_charge as Stripe.Charge;
    const html = await (await fetch(charge.receipt_url!)).text();
    expect(html).toContain('HyperCreate');
    const pdfLink = /href="([^"]+\/pdf)"/.exec(html)![1]!;
    const pdf = await fetch(pdfLink.replace(/&amp;/g, '&'));
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    for (const words of ['HyperCreate', '$12.34', 'Credit package: 500 credits'])
      expect(text).toContain(words);
  });

  it('an invoice’s invoice_pdf is a PDF with the seller and the total', async () => {
    const { customer } = await customerWithCard(stripe);
    const price = await monthlyPrice(stripe, 1999, 'Pro');
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      expand: ['latest_invoice'],
    });
    const invoice = sub.latest_invoice as Stripe.Invoice;
    const pdf = await fetch(invoice.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(text).toContain('HyperCreate');
    expect(text).toContain('$19.99');
  });
});

describe('the billing portal and its configurations', () => {
  it('offers what the configuration turns on; cancelling there cancels at the period end', async () => {
    const { customer } = await customerWithCard(stripe);
    const price = await monthlyPrice(stripe, 1500, 'Pro');
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    const config = await stripe.billingPortal.configurations.create({
      business_profile: { headline: 'HyperCreate billing' },
      features: {
        invoice_history: { enabled: true },
        payment_method_update: { enabled: false },
        subscription_cancel: { enabled: true, mode: 'at_period_end' },
      },
    });
    expect(config).toMatchObject({ is_default: false, active: true });
    expect(
      (await stripe.billingPortal.configurations.retrieve(config.id)).features.invoice_history.enabled,
    ).toBe(true);
    const session = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      configuration: config.id,
      return_url: 'http://127.0.0.1:9/back',
    });
    expect(session.configuration).toBe(config.id);
    const html = await (await fetch(session.url)).text();
    expect(html).toContain('HyperCreate billing');
    expect(html).not.toContain('Add a new default card');
    const action = /action="([^"]+\/cancel\/[^"]+)"/.exec(html)![1]!;
    expect((await postForm(action, {})).status).toBe(303);
    const after = await stripe.subscriptions.retrieve(sub.id);
    expect(after).toMatchObject({ status: 'active', cancel_at_period_end: true });

    const list = await stripe.billingPortal.configurations.list({ is_default: true });
    expect(list.data).toHaveLength(1);
    const off = await stripe.billingPortal.configurations.update(config.id, { active: false });
    expect(off.active).toBe(false);
    expect(
      await rejection(
        stripe.billingPortal.sessions.create({ customer: customer.id, configuration: config.id }),
      ),
    ).toMatchObject({ statusCode: 400, param: 'configuration' });
  });
});

it('every object these calls received fits the stripe package’s types', () => {
  expectStripeFields();
});
