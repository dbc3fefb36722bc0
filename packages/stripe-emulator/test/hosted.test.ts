import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.ts';
import { customerWithCard, expectStripeFields, future, monthlyPrice, postForm, setup } from './helpers.ts';

let emulator: Emulator;
let stripe: Stripe;

beforeAll(async () => {
  ({ emulator, stripe } = await setup());
});
afterAll(() => emulator.close());

const cardForm = (number: string) => ({
  card_number: number.replace(/(\d{4})/g, '$1 ').trim(),
  card_expiry: `${future.exp_month} / ${String(future.exp_year).slice(-2)}`,
  card_cvc: future.cvc,
});

describe('checkout sessions', () => {
  it('pays a payment-mode session on the hosted page and redirects to success_url with its id', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          price_data: { currency: 'usd', unit_amount: 1299, product_data: { name: '1000 credits' } },
          quantity: 1,
        },
      ],
      customer_email: 'buyer@example.com',
      metadata: { payment_type: 'Credits' },
      success_url: 'http://localhost:5173/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:5173/cancel',
    });
    expect(session.status).toBe('open');
    expect(session.amount_total).toBe(1299);
    const pageHtml = await (await fetch(session.url!)).text();
    expect(pageHtml).toContain('1000 credits');
    expect(pageHtml).toContain('buyer@example.com');

    const declined = await postForm(session.url!, {
      email: 'buyer@example.com',
      name: 'B',
      ...cardForm('4000000000000002'),
    });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');

    const res = await postForm(session.url!, {
      email: 'buyer@example.com',
      name: 'B',
      ...cardForm('4242424242424242'),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://localhost:5173/success?session_id=${session.id}`);
    const done = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent', 'line_items'],
    });
    expect(done).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      amount_total: 1299,
      metadata: { payment_type: 'Credits' },
    });
    expect(done.customer_details?.email).toBe('buyer@example.com');
    expect((done.payment_intent as Stripe.PaymentIntent).status).toBe('succeeded');
    expect(done.line_items?.data[0]?.amount_total).toBe(1299);
    const completed = await stripe.events.list({ type: 'checkout.session.completed' });
    expect(completed.data.map((e) => (e.data.object as Stripe.Checkout.Session).id)).toContain(session.id);
  });

  it('starts a subscription from a subscription-mode session', async () => {
    const price = await monthlyPrice(stripe, 2500, 'Founders Plan');
    const customer = await stripe.customers.create({ email: 'sub@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'http://localhost:5173/ok?id={CHECKOUT_SESSION_ID}',
    });
    const res = await postForm(session.url!, { email: 'sub@example.com', ...cardForm('4242424242424242') });
    expect(res.status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done.status).toBe('complete');
    const sub = done.subscription as Stripe.Subscription;
    expect(sub.status).toBe('active');
    expect(sub.customer).toBe(customer.id);
    expect(done.invoice).toMatch(/^in_/);
  });
});

describe('billing portal', () => {
  it('lists invoices with PDF links, changes the default card and links back', async () => {
    const { customer, pm } = await customerWithCard(stripe);
    const price = await monthlyPrice(stripe, 1000);
    await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://localhost:5173/account',
    });
    expect(portal.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_emulator\/portal\/bps_/);
    const html = await (await fetch(portal.url)).text();
    expect(html).toContain('/pdf');
    expect(html).toContain('href="http://localhost:5173/account"');
    expect(html).toContain('4242');
    const res = await postForm(
      `${emulator.url}/_emulator/portal/${portal.id}/payment-method`,
      cardForm('5555555555554444'),
    );
    expect(res.status).toBe(303);
    const updated = await stripe.customers.retrieve(customer.id, {
      expand: ['invoice_settings.default_payment_method'],
    });
    const card = (updated as Stripe.Customer).invoice_settings.default_payment_method as Stripe.PaymentMethod;
    expect(card.id).not.toBe(pm.id);
    expect(card.card?.brand).toBe('mastercard');
  });
});

it('returns objects with every top-level field of Stripe’s own', () => {
  expectStripeFields();
});
