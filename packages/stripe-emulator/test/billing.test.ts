import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.ts';
import { card, customerWithCard, expectStripeFields, monthlyPrice, setup } from './helpers.ts';

let emulator: Emulator;
let stripe: Stripe;
const DAY = 86400;

beforeAll(async () => {
  ({ emulator, stripe } = await setup());
});
afterAll(() => emulator.close());

const periodEnd = (s: Stripe.Subscription) => s.items.data[0]!.current_period_end;

describe('subscriptions', () => {
  it('creates an active subscription with a paid first invoice and a real PDF', async () => {
    const { customer, pm } = await customerWithCard(stripe);
    const price = await monthlyPrice(stripe, 2000, 'Pro');
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      metadata: { userId: '42' },
      expand: ['latest_invoice.payments', 'customer.invoice_settings.default_payment_method'],
    });
    expect(sub.status).toBe('active');
    expect(sub.metadata).toEqual({ userId: '42' });
    expect(
      ((sub.customer as Stripe.Customer).invoice_settings.default_payment_method as Stripe.PaymentMethod).id,
    ).toBe(pm.id);
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 2000,
      total: 2000,
      billing_reason: 'subscription_create',
    });
    expect(invoice.payments!.data[0]!.payment.payment_intent).toMatch(/^pi_/);
    expect(invoice.lines.data[0]!.description).toContain('Pro');
    const pdf = await fetch(invoice.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(invoice.number!);
    expect((await fetch(invoice.hosted_invoice_url!)).status).toBe(200);
    const listed = await stripe.subscriptions.list({ customer: customer.id, status: 'active' });
    expect(listed.data.map((s) => s.id)).toEqual([sub.id]);
    const invoices = await stripe.invoices.list({ subscription: sub.id });
    expect(invoices.data).toHaveLength(1);
  });

  it('default_incomplete leaves the invoice open until its payment intent is confirmed', async () => {
    const customer = await stripe.customers.create({ email: 'inc@example.com' });
    const price = await monthlyPrice(stripe, 1500);
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret'],
    });
    expect(sub.status).toBe('incomplete');
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice.status).toBe('open');
    const secret = invoice.confirmation_secret!.client_secret;
    const piId = secret.split('_secret_')[0]!;
    const pm = await card(stripe, '4242424242424242');
    const pi = await stripe.paymentIntents.confirm(piId, { payment_method: pm.id });
    expect(pi.status).toBe('succeeded');
    const after = await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    expect(after.status).toBe('active');
    expect(after.default_payment_method).toBe(pm.id);
    expect((after.latest_invoice as Stripe.Invoice).status).toBe('paid');
  });

  it("refuses another customer's card as the default payment method, wherever it is set", async () => {
    const { customer } = await customerWithCard(stripe);
    const { pm: foreign } = await customerWithCard(stripe);
    const price = await monthlyPrice(stripe, 1500);
    const refused = (param: string) => ({ statusCode: 400, code: 'resource_missing', param });
    await expect(
      stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: foreign.id } }),
    ).rejects.toMatchObject(refused('invoice_settings[default_payment_method]'));
    await expect(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        default_payment_method: foreign.id,
      }),
    ).rejects.toMatchObject(refused('default_payment_method'));
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    await expect(
      stripe.subscriptions.update(sub.id, { default_payment_method: foreign.id }),
    ).rejects.toMatchObject(refused('default_payment_method'));
  });

  it('refuses a subscription without any card unless default_incomplete', async () => {
    const customer = await stripe.customers.create({ email: 'nocard@example.com' });
    const price = await monthlyPrice(stripe, 1500);
    await expect(
      stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('renews when the clock passes the period end: new paid invoice and new period', async () => {
    const { customer } = await customerWithCard(stripe);
    const price = await monthlyPrice(stripe, 3000);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    const end = periodEnd(sub);
    await emulator.advanceClock(end - emulator.now() + 60);
    const renewed = await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]!.current_period_start).toBe(end);
    expect(periodEnd(renewed)).toBeGreaterThan(end + 27 * DAY);
    const invoice = renewed.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 3000,
      billing_reason: 'subscription_cycle',
    });
    const events = await stripe.events.list({ type: 'invoice.paid', limit: 100 });
    expect(events.data.some((e) => (e.data.object as Stripe.Invoice).id === invoice.id)).toBe(true);
  });

  it('ends a cancel_at_period_end subscription at the period end, and can resume before', async () => {
    const { customer } = await customerWithCard(stripe);
    const price = await monthlyPrice(stripe, 1000);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    const resumed = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(resumed.cancel_at_period_end).toBe(true);
    expect(
      (await stripe.subscriptions.update(sub.id, { cancel_at_period_end: false })).cancel_at_period_end,
    ).toBe(false);
    await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    await emulator.advanceClock(periodEnd(sub) - emulator.now() + 10);
    const ended = await stripe.subscriptions.retrieve(sub.id);
    expect(ended.status).toBe('canceled');
    const deleted = await stripe.events.list({ type: 'customer.subscription.deleted', limit: 100 });
    expect(deleted.data.some((e) => (e.data.object as Stripe.Subscription).id === sub.id)).toBe(true);
  });

  it('cancels immediately', async () => {
    const { customer } = await customerWithCard(stripe);
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: (await monthlyPrice(stripe, 500)).id }],
    });
    const canceled = await stripe.subscriptions.cancel(sub.id);
    expect(canceled.status).toBe('canceled');
    expect(canceled.ended_at).not.toBeNull();
  });

  it('charges the prorated difference at once on an upgrade (always_invoice) and credits a downgrade', async () => {
    const { customer } = await customerWithCard(stripe);
    const basic = await monthlyPrice(stripe, 1000, 'Basic');
    const pro = await monthlyPrice(stripe, 3000, 'Pro');
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: basic.id }] });
    const preview = await stripe.invoices.createPreview({
      subscription: sub.id,
      subscription_details: {
        items: [{ id: sub.items.data[0]!.id, price: pro.id }],
        proration_behavior: 'always_invoice',
      },
    });
    expect(preview.amount_due).toBeGreaterThan(1900);
    const upgraded = await stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0]!.id, price: pro.id }],
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice'],
    });
    expect(upgraded.items.data[0]!.price.id).toBe(pro.id);
    const invoice = upgraded.latest_invoice as Stripe.Invoice;
    expect(invoice.status).toBe('paid');
    expect(invoice.billing_reason).toBe('subscription_update');
    expect(invoice.amount_paid).toBeGreaterThan(1900);
    expect(invoice.amount_paid).toBeLessThanOrEqual(2000);
    expect(invoice.lines.data).toHaveLength(2);
    const downgraded = await stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0]!.id, price: basic.id }],
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice', 'customer'],
    });
    expect((downgraded.latest_invoice as Stripe.Invoice).amount_due).toBe(0);
    expect((downgraded.customer as Stripe.Customer).balance).toBeLessThan(0);
  });

  it('puts create_prorations lines on the next renewal invoice', async () => {
    const { customer } = await customerWithCard(stripe);
    const basic = await monthlyPrice(stripe, 1000, 'Basic');
    const pro = await monthlyPrice(stripe, 3000, 'Pro');
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: basic.id }] });
    await emulator.advanceClock(15 * DAY);
    await stripe.subscriptions.update(sub.id, { items: [{ id: sub.items.data[0]!.id, price: pro.id }] });
    expect((await stripe.invoices.list({ subscription: sub.id })).data).toHaveLength(1);
    await emulator.advanceClock(periodEnd(sub) - emulator.now() + 60);
    const renewal = (await stripe.invoices.list({ subscription: sub.id })).data[0]!;
    expect(renewal.billing_reason).toBe('subscription_cycle');
    expect(renewal.lines.data).toHaveLength(3);
    expect(renewal.amount_paid).toBeGreaterThan(3000);
    expect(renewal.amount_paid).toBeLessThan(5000);
  });

  it('takes a downgrade scheduled for the period end when the clock gets there', async () => {
    const { customer } = await customerWithCard(stripe);
    const pro = await monthlyPrice(stripe, 3000, 'Pro');
    const basic = await monthlyPrice(stripe, 1000, 'Basic');
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: pro.id }] });
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: sub.id });
    const phase = schedule.phases[0]!;
    const updated = await stripe.subscriptionSchedules.update(schedule.id, {
      phases: [
        { items: [{ price: pro.id }], start_date: phase.start_date, end_date: phase.end_date },
        { items: [{ price: basic.id }], duration: { interval: 'month', interval_count: 1 } },
      ],
    });
    expect(updated.phases).toHaveLength(2);
    expect((await stripe.subscriptions.retrieve(sub.id)).schedule).toBe(schedule.id);
    await emulator.advanceClock(phase.end_date - emulator.now() + 60);
    const after = await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    expect(after.items.data[0]!.price.id).toBe(basic.id);
    expect((after.latest_invoice as Stripe.Invoice).amount_paid).toBe(1000);
    const released = await stripe.subscriptionSchedules.create({
      from_subscription: (
        await stripe.subscriptions.create({ customer: customer.id, items: [{ price: pro.id }] })
      ).id,
    });
    expect((await stripe.subscriptionSchedules.release(released.id)).status).toBe('released');
    const retrieved = await stripe.subscriptionSchedules.retrieve(schedule.id);
    expect(retrieved.current_phase?.start_date).toBe(phase.end_date);
  });

  it('cancels a trial without a card when trial_settings say so', async () => {
    const customer = await stripe.customers.create({ email: 'trial@example.com' });
    const price = await monthlyPrice(stripe, 2000);
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 7,
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
    });
    expect(sub.status).toBe('trialing');
    await emulator.advanceClock(8 * DAY);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('canceled');
  });
});

describe('coupons and promotion codes', () => {
  it('applies a valid promotion code and refuses invalid ones', async () => {
    const coupon = await stripe.coupons.create({ percent_off: 25, duration: 'forever', name: 'Quarter off' });
    expect(coupon.valid).toBe(true);
    const promo = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: 'SAVE25',
    });
    const found = await stripe.promotionCodes.list({ code: 'SAVE25' });
    expect(found.data.map((p) => p.id)).toEqual([promo.id]);
    const { customer } = await customerWithCard(stripe);
    const price = await monthlyPrice(stripe, 2000);
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      discounts: [{ promotion_code: promo.id }],
      expand: ['latest_invoice', 'discounts'],
    });
    expect((sub.latest_invoice as Stripe.Invoice).amount_paid).toBe(1500);
    expect((sub.discounts[0] as Stripe.Discount).source.coupon).toBe(coupon.id);

    const limited = await stripe.coupons.create({
      amount_off: 500,
      currency: 'usd',
      duration: 'once',
      max_redemptions: 1,
    });
    await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      discounts: [{ coupon: limited.id }],
    });
    expect((await stripe.coupons.retrieve(limited.id)).valid).toBe(false);
    await expect(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        discounts: [{ coupon: limited.id }],
      }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const expired = await stripe.coupons.create({
      percent_off: 10,
      duration: 'once',
      redeem_by: emulator.now() - 10,
    });
    expect(expired.valid).toBe(false);
    await expect(stripe.coupons.retrieve('NOPE')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    const inactive = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      active: false,
    });
    expect((await stripe.promotionCodes.retrieve(inactive.id)).active).toBe(false);
  });
});

describe('catalog', () => {
  it('finds prices by lookup key and transfers a lookup key', async () => {
    const product = await stripe.products.create({ name: 'Credits 1000' });
    const first = await stripe.prices.create({
      product: product.id,
      unit_amount: 999,
      currency: 'usd',
      lookup_key: 'credits_1000',
    });
    await expect(
      stripe.prices.create({
        product: product.id,
        unit_amount: 1099,
        currency: 'usd',
        lookup_key: 'credits_1000',
      }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const second = await stripe.prices.create({
      product: product.id,
      unit_amount: 1099,
      currency: 'usd',
      lookup_key: 'credits_1000',
      transfer_lookup_key: true,
    });
    const found = await stripe.prices.list({ lookup_keys: ['credits_1000'], expand: ['data.product'] });
    expect(found.data.map((p) => p.id)).toEqual([second.id]);
    expect((found.data[0]!.product as Stripe.Product).name).toBe('Credits 1000');
    expect((await stripe.prices.retrieve(first.id)).lookup_key).toBeNull();
    expect((await stripe.prices.update(first.id, { active: false })).active).toBe(false);
    expect((await stripe.products.update(product.id, { name: 'Credits' })).name).toBe('Credits');
    const page = await stripe.products.list({ limit: 1 });
    expect(page.has_more).toBe(true);
    const next = await stripe.products.list({ limit: 1, starting_after: page.data[0]!.id });
    expect(next.data[0]!.id).not.toBe(page.data[0]!.id);
  });
});

it('returns objects that fit the stripe package’s types', () => {
  expectStripeFields();
});
