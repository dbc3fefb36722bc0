import { subscriptionOf } from './invoice-parent.ts';
import type Stripe from 'stripe';
import type { Ctx } from '../ctx.ts';
import { StripeError } from '../errors.ts';
import { confirmIntent } from '../payments.ts';
import { createIntent } from '../resources/payment-intents.ts';
import { newId } from '../store.ts';
import type { Kept, LineInput } from '../types.ts';
import { checkRedeemable, choicesOf, countRedemptions, discountAmounts } from './discounts.ts';
import { invoiceIntent, markInvoicePaid } from './invoice-settlement.ts';

export type { LineInput };

export interface InvoiceInput {
  customer: Kept<'customer'>;
  subscription?: Kept<'subscription'> | null;
  lines: LineInput[];
  billingReason: string;
  discounts?: string[];
  currency?: string;
  preview?: boolean;
  description?: string | null;
  metadata?: Stripe.Metadata;
}

function lineItem(
  ctx: Ctx,
  invoiceId: string,
  sub: Kept<'subscription'> | null,
  line: LineInput,
  currency: string,
): Kept<'line_item'> {
  return ctx.create('line_item', 'il', {
    amount: line.amount,
    currency,
    description: line.description,
    discount_amounts: [],
    discountable: !line.proration,
    discounts: [],
    invoice: invoiceId,
    metadata: {},
    // A line without its subscription item (a trial line) names none; the SDK types it as always there.
    parent: (sub
      ? {
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: !!line.proration,
            proration_details: { credited_items: null },
            subscription: sub.id,
            subscription_item: line.subscriptionItem ?? null,
          },
          type: 'subscription_item_details',
        }
      : null) as Kept<'line_item'>['parent'],
    period: line.period,
    pretax_credit_amounts: [],
    pricing: line.price
      ? {
          price_details: { price: line.price.id, product: line.price.product as string },
          type: 'price_details',
          unit_amount_decimal: String(line.price.unit_amount),
        }
      : null,
    quantity: line.quantity ?? 1,
    quantity_decimal: String(line.quantity ?? 1),
    subscription: sub?.id ?? null,
    subtotal: line.amount,
    taxes: [],
  });
}

/** A draft invoice with its lines and totals (stored and announced unless it is a preview). */
export function createInvoice(ctx: Ctx, input: InvoiceInput): Kept<'invoice'> {
  const { customer, subscription: sub = null } = input;
  const currency = input.currency ?? input.lines[0]?.price?.currency ?? 'usd';
  const id = input.preview ? `upcoming_${newId('in')}` : newId('in');
  const lines = input.lines.map((l) => lineItem(ctx, id, sub, l, currency));
  const subtotal = lines.reduce((s, l) => s + l.amount, 0);
  const discountable = lines.filter((l) => l.discountable).reduce((s, l) => s + l.amount, 0);
  const shares = discountAmounts(ctx, input.discounts ?? [], discountable);
  const discountTotal = shares.reduce((s, d) => s + d.amount, 0);
  const total = subtotal - discountTotal;
  const startingBalance = customer.balance;
  const due = total + startingBalance;
  const periods = input.lines.map((l) => l.period);
  const inv = ctx.create('invoice', 'in', {
    id,
    account_country: 'US',
    account_name: 'Stripe Emulator',
    amount_due: Math.max(0, due),
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: Math.max(0, due),
    amount_shipping: 0,
    attempt_count: 0,
    attempted: false,
    auto_advance: !input.preview,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    billing_reason: input.billingReason,
    collection_method: 'charge_automatically',
    currency,
    customer: customer.id,
    customer_address: customer.address,
    customer_email: customer.email,
    customer_name: customer.name,
    customer_phone: customer.phone,
    customer_shipping: customer.shipping,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: sub?.default_payment_method ?? null,
    description: input.description ?? null,
    discounts: input.discounts ?? [],
    ending_balance: null,
    issuer: { type: 'self' },
    lines: {
      object: 'list',
      data: lines,
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    metadata: input.metadata ?? {},
    parent: sub
      ? {
          quote_details: null,
          subscription_details: { metadata: structuredClone(sub.metadata), subscription: sub.id },
          type: 'subscription_details',
        }
      : null,
    payments: { object: 'list', data: [], has_more: false, url: '/v1/invoice_payments' },
    period_start: periods.length ? Math.min(...periods.map((p) => p.start)) : ctx.now(),
    period_end: periods.length ? Math.max(...periods.map((p) => p.end)) : ctx.now(),
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    starting_balance: startingBalance,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal,
    subtotal_excluding_tax: subtotal,
    total,
    total_discount_amounts: shares,
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    confirmation_secret: null,
  });
  if (input.preview) return inv;
  ctx.put(inv);
  ctx.emit('invoice.created', inv);
  return inv;
}

/** Finalizes: numbers the invoice, applies the customer's balance and opens it for payment. */
export function finalizeInvoice(ctx: Ctx, inv: Kept<'invoice'>): void {
  const customer = ctx.get(inv.customer as string, 'customer');
  // The invoice's own coupons and promotion codes are redeemed now, if they still may be.
  const own = (inv.discounts as string[]).filter((id) => ctx.find(id, 'discount')?.invoice === inv.id);
  const choices = choicesOf(ctx, own).map((c) =>
    checkRedeemable(ctx, c, { customer: customer.id, amount: inv.subtotal }),
  );
  countRedemptions(ctx, choices);
  const sequence = customer.next_invoice_sequence as number;
  customer.next_invoice_sequence = sequence + 1;
  const due = inv.total + customer.balance;
  Object.assign(inv, {
    starting_balance: customer.balance,
    amount_due: Math.max(0, due),
    amount_remaining: Math.max(0, due),
    ending_balance: Math.min(0, due),
    number: `${customer.invoice_prefix}-${String(sequence).padStart(4, '0')}`,
    status: 'open',
    effective_at: ctx.now(),
    hosted_invoice_url: ctx.url(`/_emulator/invoices/${inv.id}`),
    invoice_pdf: ctx.url(`/_emulator/invoices/${inv.id}/pdf`),
    status_transitions: { ...inv.status_transitions, finalized_at: ctx.now() },
  });
  if (customer.balance !== Math.min(0, due)) {
    const previous = { balance: customer.balance };
    customer.balance = Math.min(0, due);
    ctx.emit('customer.updated', customer, previous);
  }
  // Stripe makes the invoice's payment intent on finalization; an invoice with nothing due is paid.
  if (inv.collection_method === 'charge_automatically' && inv.amount_due > 0) {
    ensureInvoiceIntent(ctx, inv);
  }
  ctx.emit('invoice.finalized', inv);
  // A one-off invoice with nothing due is paid at once (a subscription's is settled by its caller).
  if (inv.amount_due === 0 && !subscriptionOf(inv)) markInvoicePaid(ctx, inv);
}

/**
 * The invoice's default payment intent, created when a `charge_automatically` invoice with an
 * amount due is finalized: `confirmation_secret` and `payments` point at it from then on.
 */
function ensureInvoiceIntent(ctx: Ctx, inv: Kept<'invoice'>): Kept<'payment_intent'> {
  const existing = invoiceIntent(ctx, inv);
  if (existing) return existing;
  const pi = createIntent(ctx, {
    amount: inv.amount_due,
    currency: inv.currency,
    customer: inv.customer as string,
    description:
      inv.billing_reason === 'subscription_create'
        ? 'Subscription creation'
        : subscriptionOf(inv)
          ? 'Subscription update'
          : (inv.description ?? `Invoice ${inv.number}`),
    paymentMethod: null,
    // Stripe saves a subscription's card for its renewals, which are charged off-session.
    setupFutureUsage: subscriptionOf(inv) ? 'off_session' : null,
  });
  ctx.state.hidden.invoiceOfIntent[pi.id] = inv.id;
  inv.confirmation_secret = { client_secret: pi.client_secret!, type: 'payment_intent' };
  inv.payments!.data = [
    ctx.create('invoice_payment', 'inpay', {
      amount_paid: null,
      amount_requested: inv.amount_due,
      currency: inv.currency,
      invoice: inv.id,
      is_default: true,
      payment: { payment_intent: pi.id, type: 'payment_intent' },
      status: 'open',
      status_transitions: { canceled_at: null, paid_at: null },
    }),
  ];
  return pi;
}

/** Charges an open invoice; with no card the intent waits for the browser to confirm it. */
export function payInvoice(
  ctx: Ctx,
  inv: Kept<'invoice'>,
  paymentMethod: string | null,
  offSession: boolean,
): void {
  if (inv.status !== 'open') return;
  if (inv.amount_due === 0) return markInvoicePaid(ctx, inv);
  const pi = ensureInvoiceIntent(ctx, inv);
  if (!paymentMethod) return;
  inv.attempted = true;
  inv.attempt_count = inv.attempt_count + 1;
  try {
    confirmIntent(ctx, pi, { paymentMethod, offSession });
  } catch (err) {
    if (!(err instanceof StripeError)) throw err;
  }
  if (pi.status === 'requires_action') ctx.emit('invoice.payment_action_required', inv);
}

export { invoiceIntent, markInvoicePaid };
