import type { Ctx } from '../ctx.ts';
import { invalidRequest, missingParam } from '../errors.ts';
import { assertAttached } from '../resources/customers.ts';
import { arr, bool, int, mergeMetadata, obj, oneOf, reqStr, str, timestamp } from '../params.ts';
import type { Kept, Params } from '../types.ts';
import { activeDiscounts, applyDiscounts, readDiscounts } from './discounts.ts';
import { createInvoice, finalizeInvoice, payInvoice, type LineInput } from './invoices.ts';
import { itemDescription, productName, recurringPrice, subscriptionItem } from './items.ts';
import { addInterval } from './periods.ts';
import { updateSubscription } from './subscription-update.ts';

export function defaultCard(ctx: Ctx, sub: Kept<'subscription'>): string | null {
  if (sub.default_payment_method) return sub.default_payment_method as string;
  const customer = ctx.find(sub.customer as string, 'customer');
  return (customer?.invoice_settings?.default_payment_method as string | null | undefined) ?? null;
}

export function cycleLines(
  ctx: Ctx,
  sub: Kept<'subscription'>,
  period: { start: number; end: number },
): LineInput[] {
  return sub.items.data.map((item) => ({
    amount: (item.price.unit_amount as number) * (item.quantity as number),
    description: itemDescription(ctx, item),
    price: item.price,
    quantity: item.quantity as number,
    period,
    subscriptionItem: item.id,
  }));
}

/** Creates, finalizes and charges a subscription invoice; returns it. */
export function invoiceSubscription(
  ctx: Ctx,
  sub: Kept<'subscription'>,
  lines: LineInput[],
  reason: string,
  opts: { pay: boolean; offSession: boolean },
): Kept<'invoice'> {
  const customer = ctx.get(sub.customer as string, 'customer');
  const inv = createInvoice(ctx, {
    customer,
    subscription: sub,
    lines,
    billingReason: reason,
    discounts: activeDiscounts(ctx, sub.discounts as string[], ctx.now()),
    currency: sub.currency,
  });
  finalizeInvoice(ctx, inv);
  sub.latest_invoice = inv.id;
  dropUsedOnceDiscounts(ctx, sub, inv);
  payInvoice(ctx, inv, opts.pay ? defaultCard(ctx, sub) : null, opts.offSession);
  return inv;
}

/**
 * A `duration: once` coupon discounts one invoice: once an invoice with something to discount has
 * used it, it leaves the subscription, so later invoices, previews and changes go without it.
 */
function dropUsedOnceDiscounts(ctx: Ctx, sub: Kept<'subscription'>, inv: Kept<'invoice'>): void {
  if (inv.subtotal <= 0) return;
  const used = new Set(inv.discounts as string[]);
  const kept = (sub.discounts as string[]).filter((id) => {
    if (!used.has(id)) return true;
    const discount = ctx.find(id, 'discount');
    const coupon = discount ? ctx.find(discount.source.coupon as string, 'coupon') : undefined;
    return coupon?.duration !== 'once';
  });
  if (kept.length !== (sub.discounts as string[]).length) updateSubscription(ctx, sub, { discounts: kept });
}

export function createSubscription(ctx: Ctx, p: Params): Kept<'subscription'> {
  const customer = ctx.get(reqStr(p, 'customer'), 'customer', 'customer');
  const itemParams = arr(p, 'items');
  if (!itemParams?.length) throw missingParam('items');
  const prices = itemParams.map((it, i) => ({
    price: recurringPrice(ctx, reqStr(it, 'price', `items[${i}][price]`), `items[${i}][price]`),
    quantity: int(it, 'quantity', `items[${i}][quantity]`) ?? 1,
  }));
  const first = prices[0]!.price;
  const defaultPm = str(p, 'default_payment_method') || null;
  if (defaultPm) assertAttached(ctx, defaultPm, customer.id, 'default_payment_method');
  const behavior =
    oneOf(p, 'payment_behavior', [
      'allow_incomplete',
      'default_incomplete',
      'error_if_incomplete',
      'pending_if_incomplete',
    ] as const) ?? 'allow_incomplete';
  const now = ctx.now();
  const trialEnd = timestamp(p, 'trial_end');
  const trialDays = int(p, 'trial_period_days');
  const trialUntil = trialEnd === 'now' ? null : (trialEnd ?? (trialDays ? now + trialDays * 86400 : null));
  if (trialUntil !== null && trialUntil <= now)
    throw invalidRequest(
      'Invalid timestamp: must be in the future',
      'parameter_invalid_integer',
      'trial_end',
    );
  const discounts = readDiscounts(ctx, p, customer.id);
  const hasCard = !!(defaultPm ?? customer.invoice_settings?.default_payment_method);
  const amount = prices.reduce((s, x) => s + (x.price.unit_amount as number) * x.quantity, 0);
  if (!hasCard && behavior !== 'default_incomplete' && trialUntil === null && amount > 0) {
    throw invalidRequest(
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://stripe.com/docs/billing/subscriptions/payment-methods-setting#payment-method-priority.',
      'resource_missing',
    );
  }
  const trialSettings = obj(p, 'trial_settings');
  const endBehavior = trialSettings
    ? obj(trialSettings, 'end_behavior', 'trial_settings[end_behavior]')
    : undefined;
  const missingPm = endBehavior
    ? (oneOf(
        endBehavior,
        'missing_payment_method',
        ['cancel', 'create_invoice', 'pause'] as const,
        'trial_settings[end_behavior][missing_payment_method]',
      ) ?? 'create_invoice')
    : 'create_invoice';
  const period = {
    start: now,
    end: trialUntil ?? addInterval(now, first.recurring!.interval, first.recurring!.interval_count),
  };
  const paymentSettings = obj(p, 'payment_settings');
  const sub = ctx.create('subscription', 'sub', {
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: period.end === trialUntil ? trialUntil : now,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    cancel_at: null,
    cancel_at_period_end: bool(p, 'cancel_at_period_end') ?? false,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    currency: first.currency,
    customer: customer.id,
    default_payment_method: defaultPm,
    default_tax_rates: [],
    description: str(p, 'description') ?? null,
    discounts: [],
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    metadata: mergeMetadata({}, p),
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method:
        (paymentSettings && str(paymentSettings, 'save_default_payment_method')) || 'off',
    },
    pending_update: null,
    schedule: null,
    start_date: now,
    status: trialUntil !== null ? 'trialing' : 'incomplete',
    trial_end: trialUntil,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: missingPm } },
    trial_start: trialUntil !== null ? now : null,
  });
  sub.items = {
    object: 'list',
    data: prices.map((x) => subscriptionItem(ctx, sub.id, x.price, x.quantity, period)),
    has_more: false,
    url: `/v1/subscription_items?subscription=${sub.id}`,
  };
  if (sub.cancel_at_period_end) sub.cancel_at = period.end;
  ctx.put(sub);
  ctx.creating.add(sub.id);
  try {
    sub.discounts = applyDiscounts(ctx, discounts, sub);
    if (trialUntil !== null) {
      const lines = sub.items.data.map((item) => ({
        amount: 0,
        description: `Trial period for ${productName(ctx, item.price)}`,
        price: item.price,
        period,
        subscriptionItem: item.id,
      }));
      invoiceSubscription(ctx, sub, lines, 'subscription_create', { pay: false, offSession: false });
    } else {
      invoiceSubscription(ctx, sub, cycleLines(ctx, sub, period), 'subscription_create', {
        pay: behavior !== 'default_incomplete',
        offSession: false,
      });
    }
  } finally {
    ctx.creating.delete(sub.id);
  }
  ctx.emit('customer.subscription.created', sub);
  return sub;
}
