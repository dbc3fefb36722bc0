import { subscriptionOf } from '../billing/invoice-parent.ts';
import type { Ctx } from '../ctx.ts';
import { invalidRequest, missingParam } from '../errors.ts';
import { activeDiscounts, applyDiscounts, readDiscounts } from '../billing/discounts.ts';
import { addItemToInvoice, recomputeInvoice } from '../billing/one-off.ts';
import { planItemChange } from '../billing/changes.ts';
import { createInvoice, finalizeInvoice, markInvoicePaid, payInvoice } from '../billing/invoices.ts';
import { addInterval } from '../billing/periods.ts';
import { cycleLines, defaultCard } from '../billing/subscriptions.ts';
import { voidInvoice } from '../billing/void.ts';
import { incompletePaymentError } from '../billing/pending-updates.ts';
import { arr, bool, int, mergeMetadata, obj, oneOf, reqStr, str } from '../params.ts';
import { assertAttached } from './customers.ts';
import { createdFilter, expandOf, list, render } from '../render.ts';
import type { ApiRoute } from '../router.ts';
import type { Kept, Params } from '../types.ts';

/** The invoice Stripe would make next: a change's prorations, or the next renewal. */
function preview(ctx: Ctx, p: Params): Kept<'invoice'> {
  const subId = str(p, 'subscription');
  const sub = subId ? ctx.get(subId, 'subscription', 'subscription') : undefined;
  const customerId = str(p, 'customer') ?? (sub?.customer as string | undefined);
  if (!customerId) throw missingParam('customer');
  const customer = ctx.get(customerId, 'customer', 'customer');
  if (!sub)
    throw invalidRequest(
      'Previews need a `subscription` in this emulator.',
      'parameter_missing',
      'subscription',
    );
  const details = obj(p, 'subscription_details') ?? {};
  const items = arr(details, 'items', 'subscription_details[items]');
  const behavior =
    oneOf(details, 'proration_behavior', ['create_prorations', 'always_invoice', 'none'] as const) ??
    'create_prorations';
  const at = int(details, 'proration_date', 'subscription_details[proration_date]') ?? ctx.now();
  const discounts = p.discounts !== undefined ? [] : activeDiscounts(ctx, sub.discounts as string[], at);
  const pending = ctx.state.hidden.pendingProrations[sub.id] ?? [];
  let lines;
  if (items) {
    const plan = planItemChange(ctx, sub, items, at, 'subscription_details[items]');
    const prorations = behavior === 'none' ? plan.prorations.filter((l) => !l.proration) : plan.prorations;
    if (behavior === 'always_invoice' || plan.resetsCycle) lines = [...pending, ...prorations];
    else {
      const price = plan.items[0]!.price;
      const next = {
        start: plan.period.end,
        end: addInterval(plan.period.end, price.recurring!.interval),
      };
      lines = [
        ...pending,
        ...prorations,
        ...cycleLines(ctx, { ...sub, items: { ...sub.items, data: plan.items } }, next),
      ];
    }
  } else {
    const end = sub.items.data[0]!.current_period_end;
    const price = sub.items.data[0]!.price;
    lines = [
      ...pending,
      ...cycleLines(ctx, sub, { start: end, end: addInterval(end, price.recurring!.interval) }),
    ];
  }
  const extra = p.discounts !== undefined ? readDiscounts(ctx, p, customerId) : [];
  const inv = createInvoice(ctx, {
    customer,
    subscription: sub,
    lines,
    billingReason: items ? 'subscription_update' : 'upcoming',
    discounts: extra.length ? [] : discounts,
    currency: sub.currency,
    preview: true,
  });
  inv.default_payment_method = defaultCard(ctx, sub);
  return inv;
}

/**
 * A one-off draft invoice. Pending invoice items join it only with
 * `pending_invoice_items_behavior=include` (Stripe's default is `exclude`); discounts are checked
 * now and counted as redeemed when it is finalized.
 */
function createOneOff(ctx: Ctx, p: Params): Kept<'invoice'> {
  const customer = ctx.get(reqStr(p, 'customer'), 'customer', 'customer');
  const subId = str(p, 'subscription');
  const pendingItems =
    oneOf(p, 'pending_invoice_items_behavior', ['include', 'exclude'] as const) ?? 'exclude';
  const collection =
    oneOf(p, 'collection_method', ['charge_automatically', 'send_invoice'] as const) ??
    'charge_automatically';
  if (collection === 'send_invoice')
    throw invalidRequest(
      'This emulator does not send invoices: use `collection_method=charge_automatically`.',
      'parameter_invalid_string',
      'collection_method',
    );
  const pm = str(p, 'default_payment_method');
  if (pm) assertAttached(ctx, pm, customer.id, 'default_payment_method');
  const choices = readDiscounts(ctx, p, customer.id);
  const inv = createInvoice(ctx, {
    customer,
    subscription: subId ? ctx.get(subId, 'subscription', 'subscription') : null,
    lines: [],
    billingReason: 'manual',
    currency: str(p, 'currency') ?? 'usd',
    description: str(p, 'description'),
    metadata: mergeMetadata({}, p),
  });
  inv.auto_advance = bool(p, 'auto_advance') ?? false;
  inv.default_payment_method = pm ?? null;
  if (choices.length) inv.discounts = applyDiscounts(ctx, choices, inv, false);
  if (pendingItems === 'include') {
    for (const item of ctx.all('invoiceitem')) {
      if (item.customer === customer.id && item.invoice === null) addItemToInvoice(ctx, inv, item);
    }
  }
  recomputeInvoice(ctx, inv);
  return inv;
}

export const invoiceRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: '/v1/invoices/create_preview',
    handler: (ctx, { body }) => render(ctx, preview(ctx, body), expandOf(body)),
  },
  {
    method: 'POST',
    path: '/v1/invoices',
    handler: (ctx, { body }) => render(ctx, createOneOff(ctx, body), expandOf(body)),
  },
  {
    method: 'GET',
    path: '/v1/invoices',
    handler: (ctx, { body }) => {
      const customer = str(body, 'customer');
      const subscription = str(body, 'subscription');
      const status = str(body, 'status');
      const created = createdFilter(body);
      const items = ctx
        .all('invoice')
        .filter(
          (i) =>
            (!customer || i.customer === customer) &&
            (!subscription || subscriptionOf(i) === subscription) &&
            (!status || i.status === status) &&
            created(i),
        );
      return list(ctx, items, body, '/v1/invoices');
    },
  },
  {
    method: 'GET',
    path: '/v1/invoices/:id',
    handler: (ctx, { params, body }) => render(ctx, ctx.get(params.id as string, 'invoice'), expandOf(body)),
  },
  {
    method: 'GET',
    path: '/v1/invoices/:id/lines',
    handler: (ctx, { params, body }) => {
      const inv = ctx.get(params.id as string, 'invoice');
      return list(ctx, [...inv.lines.data].reverse(), body, `/v1/invoices/${inv.id}/lines`);
    },
  },
  {
    method: 'POST',
    path: '/v1/invoices/:id/finalize',
    handler: (ctx, { params, body }) => {
      const inv = ctx.get(params.id as string, 'invoice');
      if (inv.status !== 'draft')
        throw invalidRequest('This invoice is already finalized.', 'invoice_not_editable');
      finalizeInvoice(ctx, inv);
      return render(ctx, inv, expandOf(body));
    },
  },
  {
    method: 'POST',
    path: '/v1/invoices/:id/void',
    handler: (ctx, { params, body }) => {
      const inv = ctx.get(params.id as string, 'invoice');
      if (inv.status !== 'open')
        throw invalidRequest(
          `You can only void open invoices. This invoice is ${inv.status}.`,
          'invoice_not_editable',
        );
      voidInvoice(ctx, inv);
      return render(ctx, inv, expandOf(body));
    },
  },
  {
    method: 'POST',
    path: '/v1/invoices/:id/pay',
    handler: (ctx, { params, body }) => {
      const inv = ctx.get(params.id as string, 'invoice');
      if (inv.status === 'draft') finalizeInvoice(ctx, inv);
      if (inv.status !== 'open')
        throw invalidRequest('Invoice is already paid.', 'invoice_payment_intent_requires_action');
      if (inv.amount_due === 0) markInvoicePaid(ctx, inv);
      const sub = subscriptionOf(inv) ? ctx.find(subscriptionOf(inv) as string, 'subscription') : undefined;
      const customer = ctx.get(inv.customer as string, 'customer');
      // Stripe charges the invoice's card, else the subscription's, else the customer's default.
      const pm =
        str(body, 'payment_method') ??
        inv.default_payment_method ??
        (sub ? defaultCard(ctx, sub) : customer.invoice_settings?.default_payment_method) ??
        null;
      if (!pm && inv.status === 'open')
        throw invalidRequest(
          'This customer has no attached payment source or default payment method.',
          'resource_missing',
        );
      payInvoice(ctx, inv, pm as string, bool(body, 'off_session') ?? false);
      // Stripe answers a failed attempt with the card error; the invoice stays open.
      if (inv.status === 'open') throw incompletePaymentError(ctx, inv);
      return render(ctx, inv, expandOf(body));
    },
  },
];
