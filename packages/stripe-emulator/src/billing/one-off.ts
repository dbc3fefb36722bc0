import type { Ctx } from '../ctx.ts';
import type { Kept } from '../types.ts';
import { discountAmounts } from './discounts.ts';

/** Splits an invoice-level discount over the discountable lines in proportion to their amounts. */
function spread(lines: Kept<'line_item'>[], shares: { amount: number; discount: string }[]): void {
  const discountable = lines.filter((l) => l.discountable && l.amount > 0);
  const base = discountable.reduce((s, l) => s + l.amount, 0);
  for (const line of lines) line.discount_amounts = [];
  for (const share of shares) {
    let left = share.amount;
    discountable.forEach((line, i) => {
      const part = i === discountable.length - 1 ? left : Math.round((share.amount * line.amount) / base);
      left -= part;
      line.discount_amounts!.push({ amount: part, discount: share.discount });
    });
  }
}

/** Recomputes a draft invoice's totals after its lines or discounts changed. */
export function recomputeInvoice(ctx: Ctx, inv: Kept<'invoice'>): void {
  const customer = ctx.get(inv.customer as string, 'customer');
  const lines = inv.lines.data;
  const subtotal = lines.reduce((s, l) => s + l.amount, 0);
  const discountable = lines.filter((l) => l.discountable).reduce((s, l) => s + l.amount, 0);
  const shares = discountAmounts(ctx, inv.discounts as string[], discountable);
  spread(lines, shares);
  const total = subtotal - shares.reduce((s, d) => s + d.amount, 0);
  const due = Math.max(0, total + customer.balance);
  const periods = lines.map((l) => l.period);
  Object.assign(inv, {
    subtotal,
    subtotal_excluding_tax: subtotal,
    total,
    total_excluding_tax: total,
    total_discount_amounts: shares,
    amount_due: due,
    amount_remaining: due,
    starting_balance: customer.balance,
    period_start: periods.length ? Math.min(...periods.map((p) => p.start)) : inv.period_start,
    period_end: periods.length ? Math.max(...periods.map((p) => p.end)) : inv.period_end,
  });
}

/** The invoice line Stripe shows for an invoice item. */
export function lineOfItem(ctx: Ctx, inv: Kept<'invoice'>, item: Kept<'invoiceitem'>): Kept<'line_item'> {
  return ctx.create('line_item', 'il', {
    amount: item.amount,
    currency: item.currency,
    description: item.description,
    discount_amounts: [],
    discountable: item.discountable,
    discounts: [],
    invoice: inv.id,
    metadata: structuredClone(item.metadata ?? {}),
    parent: {
      invoice_item_details: {
        invoice_item: item.id,
        proration: false,
        proration_details: { credited_items: null },
        subscription: null,
      },
      subscription_item_details: null,
      type: 'invoice_item_details',
    },
    period: item.period,
    pretax_credit_amounts: [],
    pricing: structuredClone(item.pricing),
    quantity: item.quantity,
    quantity_decimal: String(item.quantity),
    subscription: null,
    subtotal: item.amount,
    taxes: [],
  });
}

/** Puts an invoice item on a draft invoice. */
export function addItemToInvoice(ctx: Ctx, inv: Kept<'invoice'>, item: Kept<'invoiceitem'>): void {
  item.invoice = inv.id;
  inv.lines.data.push(lineOfItem(ctx, inv, item));
  recomputeInvoice(ctx, inv);
}

export function removeItemFromInvoice(ctx: Ctx, inv: Kept<'invoice'>, item: Kept<'invoiceitem'>): void {
  inv.lines.data = inv.lines.data.filter((l) => l.parent?.invoice_item_details?.invoice_item !== item.id);
  recomputeInvoice(ctx, inv);
}
