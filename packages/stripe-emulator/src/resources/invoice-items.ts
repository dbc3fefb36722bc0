import { addItemToInvoice, removeItemFromInvoice } from '../billing/one-off.ts';
import type { Ctx } from '../ctx.ts';
import { invalidRequest, missingParam } from '../errors.ts';
import { bool, int, mergeMetadata, obj, reqStr, str } from '../params.ts';
import { createdFilter, expandOf, list, render } from '../render.ts';
import type { ApiRoute } from '../router.ts';
import { markDeleted, type Kept, type Params } from '../types.ts';

const notEditable = (inv: Kept<'invoice'>) =>
  invalidRequest(
    `You can only add invoice items to draft invoices. This invoice is ${inv.status}.`,
    'invoice_not_editable',
    'invoice',
  );

/** Cents from a decimal string (`unit_amount_decimal` allows fractions of a cent). */
function decimal(p: Params, name: string, path: string): number | undefined {
  const v = str(p, name, path);
  if (v === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(v))
    throw invalidRequest(`Invalid decimal: ${v}`, 'parameter_invalid_decimal', path);
  return Number(v);
}

/**
 * What one item costs: a whole `amount`, a one-time price (`pricing[price]`), `price_data`, or
 * `unit_amount_decimal` × `quantity`.
 */
function pricing(
  ctx: Ctx,
  p: Params,
  quantity: number,
): { amount: number; currency: string; description: string | null; pricing: Kept<'invoiceitem'>['pricing'] } {
  const pricingParam = obj(p, 'pricing');
  const priceId = pricingParam ? str(pricingParam, 'price', 'pricing[price]') : undefined;
  if (priceId) {
    const price = ctx.get(priceId, 'price', 'pricing[price]');
    if (price.type !== 'one_time')
      throw invalidRequest(
        'The price specified is set to `type=recurring` but this field only accepts prices with `type=one_time`.',
        'parameter_invalid_string',
        'pricing[price]',
      );
    return {
      amount: (price.unit_amount as number) * quantity,
      currency: price.currency,
      description: ctx.find(price.product as string, 'product')?.name ?? null,
      pricing: {
        price_details: { price: price.id, product: price.product as string },
        type: 'price_details',
        unit_amount_decimal: String(price.unit_amount),
      },
    };
  }
  const data = obj(p, 'price_data');
  const source = data ?? p;
  const at = (name: string) => (data ? `price_data[${name}]` : name);
  const currency = str(source, 'currency', at('currency'));
  if (!currency) throw missingParam(at('currency'));
  if (data) ctx.get(reqStr(data, 'product', 'price_data[product]'), 'product', 'price_data[product]');
  const amount = data ? undefined : int(p, 'amount');
  const unit =
    (data ? int(data, 'unit_amount', 'price_data[unit_amount]') : undefined) ??
    decimal(source, 'unit_amount_decimal', at('unit_amount_decimal'));
  if (amount === undefined && unit === undefined)
    throw missingParam(data ? 'price_data[unit_amount]' : 'amount');
  const total = amount ?? Math.round(unit! * quantity);
  return {
    amount: total,
    currency: currency.toLowerCase(),
    description: null,
    pricing: { type: 'price_details', unit_amount_decimal: String(unit ?? total / quantity) },
  };
}

function createItem(ctx: Ctx, p: Params): Kept<'invoiceitem'> {
  const customer = ctx.get(reqStr(p, 'customer'), 'customer', 'customer');
  const invoiceId = str(p, 'invoice');
  const inv = invoiceId ? ctx.get(invoiceId, 'invoice', 'invoice') : null;
  if (inv && inv.customer !== customer.id)
    throw invalidRequest('The invoice belongs to another customer.', undefined, 'invoice');
  if (inv && inv.status !== 'draft') throw notEditable(inv);
  const quantity = int(p, 'quantity') ?? 1;
  const priced = pricing(ctx, p, quantity);
  const now = ctx.now();
  const period = obj(p, 'period');
  const item = ctx.create('invoiceitem', 'ii', {
    amount: priced.amount,
    currency: priced.currency,
    customer: customer.id,
    customer_account: null,
    date: now,
    description: str(p, 'description') ?? priced.description,
    discountable: bool(p, 'discountable') ?? true,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: mergeMetadata({}, p),
    net_amount: priced.amount,
    parent: null,
    period: {
      start: (period && int(period, 'start', 'period[start]')) ?? now,
      end: (period && int(period, 'end', 'period[end]')) ?? now,
    },
    pricing: priced.pricing,
    proration: false,
    quantity,
    quantity_decimal: String(quantity),
    tax_rates: [],
    test_clock: null,
  });
  ctx.put(item);
  if (inv) addItemToInvoice(ctx, inv, item);
  ctx.emit('invoiceitem.created', item);
  return item;
}

export const invoiceItemRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: '/v1/invoiceitems',
    handler: (ctx, { body }) => render(ctx, createItem(ctx, body), expandOf(body)),
  },
  {
    method: 'GET',
    path: '/v1/invoiceitems',
    handler: (ctx, { body }) => {
      const customer = str(body, 'customer');
      const invoice = str(body, 'invoice');
      const pending = bool(body, 'pending');
      const created = createdFilter(body);
      const items = ctx
        .all('invoiceitem')
        .filter(
          (i) =>
            (!customer || i.customer === customer) &&
            (!invoice || i.invoice === invoice) &&
            (pending === undefined || (i.invoice === null) === pending) &&
            created(i),
        );
      return list(ctx, items, body, '/v1/invoiceitems');
    },
  },
  {
    method: 'GET',
    path: '/v1/invoiceitems/:id',
    handler: (ctx, { params, body }) =>
      render(ctx, ctx.get(params.id as string, 'invoiceitem'), expandOf(body)),
  },
  {
    method: 'DELETE',
    path: '/v1/invoiceitems/:id',
    handler: (ctx, { params }) => {
      const item = ctx.get(params.id as string, 'invoiceitem');
      const inv = item.invoice ? ctx.get(item.invoice as string, 'invoice') : null;
      if (inv && inv.status !== 'draft') throw notEditable(inv);
      if (inv) removeItemFromInvoice(ctx, inv, item);
      // The event carries the item as it was (Stripe's type has no `deleted` on it).
      ctx.emit('invoiceitem.deleted', item);
      markDeleted(item);
      return { id: item.id, object: 'invoiceitem', deleted: true };
    },
  },
];
