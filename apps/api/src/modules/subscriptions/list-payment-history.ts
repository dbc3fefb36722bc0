import {
  PAYMENT_KINDS,
  type PaymentKindTable,
  formatEpochDate,
  kindEntry,
  paymentKindIn,
  paymentKindOf,
  receiptPdfUrl,
} from '@app/domain';
import { type Db, type UserRow, disputeStatesOfCharges } from '@app/db';
import type { PaymentRecordWire, PaymentStatus } from '@app/domain';
import type Stripe from 'stripe';
import { assertMayActOn } from '../../lib/authorization.ts';

/** At most this many invoices and this many charges are read (newest first). */
const LIMIT = 100;

const intentOf = (value: string | { id: string } | null | undefined) =>
  !value ? null : typeof value === 'string' ? value : value.id;

function invoiceDescription(invoice: Stripe.Invoice): string {
  if (invoice.description) return invoice.description;
  const tier = invoice.parent?.subscription_details?.metadata?.tier;
  // A redeemed gift runs as a trial Stripe invoices at $0: it is the gift, not a trial.
  if (invoice.parent?.subscription_details?.metadata?.gifted === 'true')
    return `Gift: ${tier ?? 'plan'} (redeemed gift code)`;
  const line = invoice.lines.data.find((l) => !l.parent?.subscription_item_details?.proration);
  if (invoice.billing_reason === 'subscription_update') return `Plan change${tier ? `: ${tier}` : ''}`;
  // A period of the plan in our words, not Stripe's line ("1 × Professional Plan (at $14.99 / month)").
  if (tier && line)
    return `${tier}: ${formatEpochDate(line.period.start)} to ${formatEpochDate(line.period.end)}`;
  return tier ?? line?.description ?? `Invoice ${invoice.number ?? invoice.id}`;
}

/** A one-off payment in its kind's words (the registry's), else what Stripe knows of it. */
function chargeDescription(kinds: PaymentKindTable, charge: Stripe.Charge): string {
  const { payment_type: type, tierType } = charge.metadata;
  const found = kindEntry(kinds, paymentKindIn(kinds, type) ?? '');
  const product = found?.entry.find(tierType ?? '');
  if (found && product) return found.entry.words.payment(product);
  return tierType || charge.description || 'Payment';
}

/**
 * A charge's state in the history's words: a dispute not won, then refunds, count over Stripe's
 * `succeeded`. `disputes` holds our record of each disputed charge's dispute.
 */
function chargeStatus(
  charge: Stripe.Charge | undefined,
  fallback: PaymentStatus,
  disputes: Map<string, string>,
): PaymentStatus {
  if (!charge) return fallback;
  if (charge.disputed && disputes.get(charge.id) !== 'won') return 'disputed';
  if (charge.refunded) return 'refunded';
  if (charge.amount_refunded > 0) return 'partly refunded';
  if (charge.status === 'pending') return 'pending';
  return charge.status === 'succeeded' ? 'paid' : fallback;
}

const INVOICE_STATUS: Record<string, PaymentStatus> = { paid: 'paid', open: 'due', uncollectible: 'unpaid' };

/**
 * Paid and refunded invoices, and those really due (a renewal the card did not pay); not drafts,
 * voided ones, nor the first invoice of a plan or a credit package whose payment was never made
 * (an abandoned attempt).
 */
function isOwedOrPaid(invoice: Stripe.Invoice): boolean {
  if (invoice.status === 'draft' || invoice.status === 'void') return false;
  if (invoice.status !== 'open') return true;
  // A credit package's invoice (a purchase with a coupon) is only owed once its card payment is made.
  const kind = paymentKindOf(invoice.metadata?.payment_type);
  return invoice.billing_reason !== 'subscription_create' && (!kind || PAYMENT_KINDS[kind].inPaymentHistory);
}

/**
 * The customer's payments, newest first: every finalized invoice (plans, plan changes) and every
 * one-off charge (credit packages, gifts), each with its PDF and/or receipt link. Own customer only;
 * admins any.
 */
export async function listPaymentHistory({
  db,
  stripe,
  user,
  customerId,
  kinds = PAYMENT_KINDS,
}: {
  db: Db;
  stripe: Stripe;
  user: UserRow;
  customerId: string;
  kinds?: PaymentKindTable;
}): Promise<PaymentRecordWire[]> {
  assertMayActOn(user, { customerId: customerId }, 'That payment record belongs to another account');
  const [invoices, charges] = await Promise.all([
    stripe.invoices
      .list({ customer: customerId, limit: LIMIT, expand: ['data.payments'] })
      .autoPagingToArray({ limit: LIMIT }),
    stripe.charges.list({ customer: customerId, limit: LIMIT }).autoPagingToArray({ limit: LIMIT }),
  ]);
  const disputes = await disputeStatesOfCharges(
    db,
    charges.filter((charge) => charge.disputed).map((charge) => charge.id),
  );
  const chargeOfIntent = new Map<string, Stripe.Charge>();
  for (const charge of charges) {
    const intent = intentOf(charge.payment_intent);
    if (intent && (charge.status === 'succeeded' || !chargeOfIntent.has(intent))) {
      chargeOfIntent.set(intent, charge);
    }
  }
  const invoiceIntents = new Set<string>();
  const records: PaymentRecordWire[] = [];
  for (const invoice of invoices) {
    if (!isOwedOrPaid(invoice)) continue;
    const intents = (invoice.payments?.data ?? [])
      .map((payment) => intentOf(payment.payment.payment_intent))
      .filter((id): id is string => Boolean(id));
    intents.forEach((id) => invoiceIntents.add(id));
    const charge = intents.map((id) => chargeOfIntent.get(id)).find((c) => c?.status === 'succeeded');
    records.push({
      id: invoice.id,
      date: invoice.status_transitions?.paid_at ?? invoice.created,
      amount: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
      status:
        invoice.status === 'paid'
          ? chargeStatus(charge, 'paid', disputes)
          : (INVOICE_STATUS[invoice.status ?? 'open'] ?? 'due'),
      type: invoice.parent?.subscription_details ? 'subscription' : 'invoice',
      description: invoiceDescription(invoice),
      invoice_pdf: invoice.invoice_pdf ?? null,
      receipt_url: charge?.receipt_url ?? null,
      receipt_pdf: invoice.invoice_pdf ?? receiptPdfUrl(charge?.receipt_url),
      refunded: charge?.amount_refunded ?? 0,
    });
  }
  for (const charge of charges) {
    const intent = intentOf(charge.payment_intent);
    if (intent && invoiceIntents.has(intent)) continue;
    // A declined attempt is not a payment: the card form already said so.
    if (charge.status === 'failed') continue;
    records.push({
      id: charge.id,
      date: charge.created,
      amount: charge.amount,
      status: chargeStatus(charge, 'pending', disputes),
      type: 'charge',
      description: chargeDescription(kinds, charge),
      invoice_pdf: null,
      receipt_url: charge.receipt_url ?? null,
      receipt_pdf: receiptPdfUrl(charge.receipt_url),
      refunded: charge.amount_refunded,
    });
  }
  return records.sort((a, b) => b.date - a.date || b.id.localeCompare(a.id));
}
