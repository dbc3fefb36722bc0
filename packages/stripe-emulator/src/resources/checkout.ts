import type { Ctx } from '../ctx.ts';
import { invalidRequest, missingParam } from '../errors.ts';
import {
  checkRedeemable,
  countRedemptions,
  readDiscounts,
  type DiscountChoice,
} from '../billing/discounts.ts';
import { arr, bool, int, mergeMetadata, obj, oneOf, reqStr, str } from '../params.ts';
import { createdFilter, expandOf, list, render } from '../render.ts';
import type { ApiRoute } from '../router.ts';
import { newId } from '../store.ts';
import type { Json, Kept, Params } from '../types.ts';
import { createPrice } from './products.ts';

function lineItems(ctx: Ctx, p: Params, mode: string): Kept<'item'>[] {
  const items = arr(p, 'line_items');
  if (!items?.length) throw missingParam('line_items');
  return items.map((li, i) => {
    const param = `line_items[${i}]`;
    const priceData = obj(li, 'price_data', `${param}[price_data]`);
    const price = priceData
      ? createPrice(ctx, {
          ...priceData,
          currency: reqStr(priceData, 'currency', `${param}[price_data][currency]`),
        })
      : ctx.get(reqStr(li, 'price', `${param}[price]`), 'price', `${param}[price]`);
    if (mode === 'payment' && price.type === 'recurring') {
      throw invalidRequest(
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        undefined,
        `${param}[price]`,
      );
    }
    if (mode === 'subscription' && price.type !== 'recurring') {
      throw invalidRequest(
        'You must provide at least one recurring price in `subscription` mode when using prices.',
        undefined,
        `${param}[price]`,
      );
    }
    const quantity = int(li, 'quantity', `${param}[quantity]`) ?? 1;
    const amount = (price.unit_amount as number) * quantity;
    const product = ctx.find(price.product as string, 'product');
    return ctx.create('item', 'li', {
      adjustable_quantity: null,
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: price.currency,
      description: product?.name ?? null,
      metadata: {},
      price: structuredClone(price),
      quantity,
    });
  });
}

function createSession(ctx: Ctx, p: Params): Kept<'checkout.session'> {
  const mode = oneOf(p, 'mode', ['payment', 'subscription'] as const);
  if (!mode) throw missingParam('mode');
  const successUrl = reqStr(p, 'success_url');
  const customerId = str(p, 'customer');
  const customer = customerId ? ctx.get(customerId, 'customer', 'customer') : null;
  const items = lineItems(ctx, p, mode);
  const subtotal = items.reduce((s, it) => s + it.amount_subtotal, 0);
  const discounts = readDiscounts(ctx, p, customer?.id ?? null, subtotal);
  const id = newId('cs_test', 58);
  const amountDiscount = discounts.reduce(
    (left, d) => {
      const off =
        d.coupon.percent_off !== null
          ? Math.round((left.remaining * d.coupon.percent_off) / 100)
          : Math.min(left.remaining, d.coupon.amount_off as number);
      return { remaining: left.remaining - off, total: left.total + off };
    },
    { remaining: subtotal, total: 0 },
  ).total;
  const session = ctx.create('checkout.session', 'cs_test', {
    id,
    allow_promotion_codes: bool(p, 'allow_promotion_codes') ?? null,
    amount_subtotal: subtotal,
    amount_total: subtotal - amountDiscount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    cancel_url: str(p, 'cancel_url') ?? null,
    client_reference_id: str(p, 'client_reference_id') ?? null,
    currency: items[0]!.currency,
    custom_fields: [],
    customer: customer?.id ?? null,
    customer_creation: customer
      ? null
      : mode === 'payment'
        ? (str(p, 'customer_creation') ?? 'if_required')
        : 'always',
    customer_details: null,
    customer_email: str(p, 'customer_email') ?? null,
    discounts: discounts.map((d) => ({ coupon: d.coupon.id, promotion_code: d.promotionCode?.id ?? null })),
    expires_at: ctx.now() + 86400,
    metadata: mergeMetadata({}, p),
    mode,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    shipping_options: [],
    status: 'open',
    success_url: successUrl,
    total_details: { amount_discount: amountDiscount, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: ctx.url(`/_emulator/checkout/${id}`),
  });
  const piData = obj(p, 'payment_intent_data');
  const subData = obj(p, 'subscription_data');
  ctx.state.hidden.sessionLineItems[id] = items;
  ctx.state.hidden.sessionOptions[id] = {
    paymentIntentMetadata: piData ? mergeMetadata({}, piData) : {},
    subscriptionMetadata: subData ? mergeMetadata({}, subData) : {},
    trialPeriodDays: subData
      ? (int(subData, 'trial_period_days', 'subscription_data[trial_period_days]') ?? null)
      : null,
  };
  return ctx.put(session);
}

function withLineItems(ctx: Ctx, session: Kept<'checkout.session'>, expand: string[]): Json {
  const out = render(
    ctx,
    session,
    expand.filter((e) => !e.startsWith('line_items')),
  );
  if (expand.some((e) => e.startsWith('line_items'))) {
    const items = ctx.state.hidden.sessionLineItems[session.id] ?? [];
    out.line_items = {
      object: 'list',
      data: items,
      has_more: false,
      url: `/v1/checkout/sessions/${session.id}/line_items`,
    };
  }
  return out;
}

/** The session's coupons and promotion codes, checked again: a limit may have been reached since. */
export function sessionDiscounts(ctx: Ctx, session: Kept<'checkout.session'>): DiscountChoice[] {
  return session.discounts!.map((d, i) => {
    const code = d.promotion_code ? ctx.get(d.promotion_code as string, 'promotion_code') : null;
    return checkRedeemable(
      ctx,
      { coupon: ctx.get(d.coupon as string, 'coupon'), promotionCode: code },
      {
        customer: session.customer as string | null,
        amount: session.amount_subtotal as number,
        param: `discounts[${i}]`,
      },
    );
  });
}

/** Marks the session paid and complete and announces it (once). */
export function finishSession(ctx: Ctx, session: Kept<'checkout.session'>): void {
  if (session.status !== 'open') return;
  session.status = 'complete';
  session.payment_status = 'paid';
  // A subscription counted its discounts when it was created; a payment counts them now.
  if (session.mode === 'payment') countRedemptions(ctx, sessionDiscounts(ctx, session));
  ctx.emit('checkout.session.completed', session);
}

export function afterCheckoutPayment(ctx: Ctx, pi: Kept<'payment_intent'>): void {
  const sessionId = ctx.state.hidden.sessionOfIntent[pi.id];
  const session = sessionId ? ctx.find(sessionId, 'checkout.session') : undefined;
  if (session) finishSession(ctx, session);
}

export const checkoutRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: '/v1/checkout/sessions',
    handler: (ctx, { body }) => withLineItems(ctx, createSession(ctx, body), expandOf(body)),
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions',
    handler: (ctx, { body }) => {
      const pi = str(body, 'payment_intent');
      const sub = str(body, 'subscription');
      const customer = str(body, 'customer');
      const created = createdFilter(body);
      const items = ctx
        .all('checkout.session')
        .filter(
          (s) =>
            (!pi || s.payment_intent === pi) &&
            (!sub || s.subscription === sub) &&
            (!customer || s.customer === customer) &&
            created(s),
        );
      return list(ctx, items, body, '/v1/checkout/sessions');
    },
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id',
    handler: (ctx, { params, body }) =>
      withLineItems(ctx, ctx.get(params.id as string, 'checkout.session'), expandOf(body)),
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id/line_items',
    handler: (ctx, { params, body }) => {
      const session = ctx.get(params.id as string, 'checkout.session');
      const items = [...(ctx.state.hidden.sessionLineItems[session.id] ?? [])].reverse();
      return list(ctx, items, body, `/v1/checkout/sessions/${session.id}/line_items`);
    },
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/expire',
    handler: (ctx, { params, body }) => {
      const session = ctx.get(params.id as string, 'checkout.session');
      if (session.status !== 'open')
        throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired.`, undefined);
      session.status = 'expired';
      ctx.emit('checkout.session.expired', session);
      return withLineItems(ctx, session, expandOf(body));
    },
  },
];
