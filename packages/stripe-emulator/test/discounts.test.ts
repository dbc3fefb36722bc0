import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.ts';
import { customerWithCard, future, postForm, setup, webhookReceiver } from './helpers.ts';

let emulator: Emulator;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
beforeAll(async () => {
  receiver = await webhookReceiver();
  ({ emulator, stripe } = await setup({ webhookUrl: receiver.url }));
});
afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

const unique = () => Math.random().toString(36).slice(2, 10).toUpperCase();

/** A credit package sold on a one-off invoice: item, invoice with discounts, finalize, pay. */
async function buyPackage(customer: string, discounts: Stripe.InvoiceCreateParams.Discount[]) {
  const invoice = await stripe.invoices.create({ customer, discounts, metadata: { pack: 'credits-1000' } });
  await stripe.invoiceItems.create({
    customer,
    invoice: invoice.id,
    amount: 2000,
    currency: 'usd',
    description: '1000 credits',
  });
  const finalized = await stripe.invoices.finalizeInvoice(invoice.id);
  return { draft: invoice, finalized, paid: await stripe.invoices.pay(finalized.id) };
}

async function refusal(call: Promise<unknown>) {
  const err = (await call.then(
    () => null,
    (e: unknown) => e,
  )) as Stripe.errors.StripeError | null;
  expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  return err!;
}

describe('coupons on one-off invoices', () => {
  it('discounts the invoice, its payment and the invoice.paid webhook; counts one redemption when finalized', async () => {
    const coupon = await stripe.coupons.create({ percent_off: 25, duration: 'once', max_redemptions: 5 });
    const { customer } = await customerWithCard(stripe);
    const invoice = await stripe.invoices.create({
      customer: customer.id,
      discounts: [{ coupon: coupon.id }],
    });
    await stripe.invoiceItems.create({
      customer: customer.id,
      invoice: invoice.id,
      amount: 2000,
      currency: 'usd',
    });
    const draft = await stripe.invoices.retrieve(invoice.id);
    expect(draft).toMatchObject({ status: 'draft', subtotal: 2000, total: 1500, amount_due: 1500 });
    expect(draft.total_discount_amounts).toEqual([{ amount: 500, discount: draft.discounts[0] }]);
    expect((await stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(0);

    await stripe.invoices.finalizeInvoice(invoice.id);
    expect((await stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);
    const paid = await stripe.invoices.pay(invoice.id, { expand: ['payments.data.payment.payment_intent'] });
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 1500, amount_remaining: 0 });
    const pi = paid.payments!.data[0]!.payment.payment_intent as Stripe.PaymentIntent;
    expect(pi).toMatchObject({ amount: 1500, status: 'succeeded', customer: customer.id });
    expect((await stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);

    await emulator.flushWebhooks();
    const event = receiver.deliveries
      .map((d) => JSON.parse(d.body) as Stripe.Event)
      .find((e) => e.type === 'invoice.paid' && e.data.object.id === invoice.id)!;
    const sent = event.data.object as Stripe.Invoice;
    expect(sent.amount_paid).toBe(1500);
    expect(sent.total_discount_amounts![0]!.amount).toBe(500);
  });

  it('includes pending invoice items only when asked to', async () => {
    const { customer } = await customerWithCard(stripe);
    const product = await stripe.products.create({ name: '350 credits' });
    const price = await stripe.prices.create({ product: product.id, unit_amount: 350, currency: 'usd' });
    const item = await stripe.invoiceItems.create({
      customer: customer.id,
      pricing: { price: price.id },
      quantity: 2,
    });
    expect(item).toMatchObject({ amount: 700, invoice: null, description: '350 credits' });
    const without = await stripe.invoices.create({ customer: customer.id });
    expect(without.lines.data).toHaveLength(0);
    const withItems = await stripe.invoices.create({
      customer: customer.id,
      pending_invoice_items_behavior: 'include',
    });
    expect(withItems.amount_due).toBe(700);
  });

  it('max_redemptions: the limit is enforced when another invoice is created or finalized', async () => {
    const coupon = await stripe.coupons.create({
      amount_off: 300,
      currency: 'usd',
      duration: 'once',
      max_redemptions: 1,
    });
    const a = await customerWithCard(stripe);
    const b = await customerWithCard(stripe);
    const waiting = await stripe.invoices.create({
      customer: b.customer.id,
      discounts: [{ coupon: coupon.id }],
    });
    await stripe.invoiceItems.create({
      customer: b.customer.id,
      invoice: waiting.id,
      amount: 1000,
      currency: 'usd',
    });
    const { paid } = await buyPackage(a.customer.id, [{ coupon: coupon.id }]);
    expect(paid.amount_paid).toBe(1700);
    const coupon1 = await stripe.coupons.retrieve(coupon.id);
    expect(coupon1).toMatchObject({ times_redeemed: 1, valid: false });
    const late = await refusal(stripe.invoices.finalizeInvoice(waiting.id));
    expect(late).toMatchObject({ statusCode: 400, code: 'coupon_expired' });
    expect((await stripe.invoices.retrieve(waiting.id)).status).toBe('draft');
    const again = await refusal(
      stripe.invoices.create({ customer: b.customer.id, discounts: [{ coupon: coupon.id }] }),
    );
    expect(again.code).toBe('coupon_expired');
  });

  it('redeem_by: a coupon past its date is refused', async () => {
    const coupon = await stripe.coupons.create({
      percent_off: 10,
      duration: 'once',
      redeem_by: emulator.now() + 3600,
    });
    const { customer } = await customerWithCard(stripe);
    await emulator.advanceClock(7200);
    const err = await refusal(
      stripe.invoices.create({ customer: customer.id, discounts: [{ coupon: coupon.id }] }),
    );
    expect(err).toMatchObject({ code: 'coupon_expired', message: `Coupon expired: ${coupon.id}` });
  });

  it('promotion codes: active, customer and first-time restrictions, counted per redemption', async () => {
    const coupon = await stripe.coupons.create({ percent_off: 50, duration: 'once' });
    const { customer } = await customerWithCard(stripe);
    const other = await customerWithCard(stripe);
    const firstTime = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: `NEW${unique()}`,
      restrictions: { first_time_transaction: true },
    });
    const mine = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: `MINE${unique()}`,
      customer: customer.id,
    });
    const mismatch = await refusal(
      stripe.invoices.create({ customer: other.customer.id, discounts: [{ promotion_code: mine.id }] }),
    );
    expect(mismatch.param).toBe('discounts[0]');

    const { paid } = await buyPackage(customer.id, [{ promotion_code: firstTime.id }]);
    expect(paid.amount_paid).toBe(1000);
    expect((await stripe.promotionCodes.retrieve(firstTime.id)).times_redeemed).toBe(1);
    expect((await stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);
    await refusal(
      stripe.invoices.create({ customer: customer.id, discounts: [{ promotion_code: firstTime.id }] }),
    );

    await stripe.promotionCodes.update(mine.id, { active: false });
    const inactive = await refusal(
      stripe.invoices.create({ customer: customer.id, discounts: [{ promotion_code: mine.id }] }),
    );
    expect(inactive.message).toMatch(/inactive/);
  });
});

describe('a one-off invoice paid with the card form', () => {
  /** What a server does for a browser's card: invoice, item, finalize, confirm the invoice's intent. */
  async function invoiceForCard(customer: string, discounts: Stripe.InvoiceCreateParams.Discount[]) {
    const draft = await stripe.invoices.create({
      customer,
      collection_method: 'charge_automatically',
      auto_advance: false,
      discounts,
    });
    await stripe.invoiceItems.create({ customer, invoice: draft.id, amount: 2000, currency: 'usd' });
    return stripe.invoices.finalizeInvoice(draft.id, { expand: ['confirmation_secret', 'payments'] });
  }

  it('finalizing makes the payment intent: confirmation_secret and payments name it; paying it pays the invoice', async () => {
    const coupon = await stripe.coupons.create({ percent_off: 20, duration: 'once' });
    const { customer } = await customerWithCard(stripe);
    const finalized = await invoiceForCard(customer.id, [{ coupon: coupon.id }]);
    expect(finalized).toMatchObject({
      status: 'open',
      collection_method: 'charge_automatically',
      amount_due: 1600,
    });
    const secret = finalized.confirmation_secret!;
    expect(secret.type).toBe('payment_intent');
    const intentId = finalized.payments!.data[0]!.payment.payment_intent as string;
    expect(secret.client_secret.startsWith(`${intentId}_secret_`)).toBe(true);
    const intent = await stripe.paymentIntents.retrieve(intentId);
    expect(intent).toMatchObject({ amount: 1600, status: 'requires_payment_method', customer: customer.id });
    expect((await stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);

    const method = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4242424242424242', ...future },
    });
    const paid = await stripe.paymentIntents.confirm(intentId, { payment_method: method.id });
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 1600 });
    const invoice = await stripe.invoices.retrieve(finalized.id, { expand: ['payments'] });
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 1600 });
    expect(invoice.payments!.data[0]).toMatchObject({ status: 'paid', amount_paid: 1600 });
    expect((await stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);
  });

  it('an invoice discounted to nothing is paid when finalized, without an intent', async () => {
    const coupon = await stripe.coupons.create({ percent_off: 100, duration: 'once' });
    const { customer } = await customerWithCard(stripe);
    const finalized = await invoiceForCard(customer.id, [{ coupon: coupon.id }]);
    expect(finalized).toMatchObject({ status: 'paid', amount_paid: 0, confirmation_secret: null });
    expect(finalized.payments!.data).toHaveLength(0);
  });

  it('refuses collection_method send_invoice, which it does not model', async () => {
    const { customer } = await customerWithCard(stripe);
    const err = await refusal(
      stripe.invoices.create({ customer: customer.id, collection_method: 'send_invoice' }),
    );
    expect(err.param).toBe('collection_method');
  });

  it('coupon rules hold for invoices: max_redemptions, redeem_by, a promotion code for another customer', async () => {
    const once = await stripe.coupons.create({
      amount_off: 500,
      currency: 'usd',
      duration: 'once',
      max_redemptions: 1,
    });
    const a = await customerWithCard(stripe);
    const b = await customerWithCard(stripe);
    await invoiceForCard(a.customer.id, [{ coupon: once.id }]);
    expect(await stripe.coupons.retrieve(once.id)).toMatchObject({ times_redeemed: 1, valid: false });
    const used = await refusal(invoiceForCard(b.customer.id, [{ coupon: once.id }]));
    expect(used).toMatchObject({ code: 'coupon_expired', param: 'discounts[0]' });

    const dated = await stripe.coupons.create({
      percent_off: 10,
      duration: 'once',
      redeem_by: emulator.now() + 60,
    });
    await emulator.advanceClock(120);
    expect(await refusal(invoiceForCard(a.customer.id, [{ coupon: dated.id }]))).toMatchObject({
      code: 'coupon_expired',
    });

    const coupon = await stripe.coupons.create({ percent_off: 10, duration: 'once' });
    const onlyA = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: `ONLYA${unique()}`,
      customer: a.customer.id,
    });
    const mismatch = await refusal(invoiceForCard(b.customer.id, [{ promotion_code: onlyA.id }]));
    expect(mismatch.param).toBe('discounts[0]');
    const mine = await invoiceForCard(a.customer.id, [{ promotion_code: onlyA.id }]);
    expect(mine.amount_due).toBe(1800);
    expect((await stripe.promotionCodes.retrieve(onlyA.id)).times_redeemed).toBe(1);
  });
});

describe('discounts on Checkout sessions', () => {
  it('discount the total, count the redemption once on payment, and refuse an exhausted code', async () => {
    const coupon = await stripe.coupons.create({ amount_off: 500, currency: 'usd', duration: 'once' });
    const promo = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: `ONCE${unique()}`,
      max_redemptions: 1,
    });
    const create = () =>
      stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          { price_data: { currency: 'usd', unit_amount: 2000, product_data: { name: 'Pack' } }, quantity: 1 },
        ],
        discounts: [{ promotion_code: promo.id }],
        success_url: 'http://localhost:5173/success?session_id={CHECKOUT_SESSION_ID}',
      });
    const first = await create();
    const second = await create();
    expect(first).toMatchObject({ amount_subtotal: 2000, amount_total: 1500 });
    expect((await stripe.promotionCodes.retrieve(promo.id)).times_redeemed).toBe(0);
    const form = {
      email: 'buyer@example.com',
      card_number: '4242424242424242',
      card_expiry: `${future.exp_month} / ${String(future.exp_year).slice(-2)}`,
      card_cvc: future.cvc,
    };
    expect((await postForm(first.url!, form)).status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(first.id, { expand: ['payment_intent'] });
    expect((done.payment_intent as Stripe.PaymentIntent).amount).toBe(1500);
    expect((await stripe.promotionCodes.retrieve(promo.id)).times_redeemed).toBe(1);

    const refused = await postForm(second.url!, form);
    expect(refused.status).toBe(402);
    expect(await refused.text()).toContain('maximum number of times');
    expect((await stripe.checkout.sessions.retrieve(second.id)).status).toBe('open');
    const err = await refusal(create());
    expect(err.param).toBe('discounts[0]');
  });
});
