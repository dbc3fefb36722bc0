import { type Db, grant } from '@app/db';
import { findByLookupKey, findCreditPackage, findTier, paysFor } from '@app/domain';
import type Stripe from 'stripe';
import { customerIdOf } from '../customers/access.ts';
import { findUserByCustomer } from '../customers/ensure-customer.ts';

export type GrantOutcome = 'granted' | 'duplicate' | 'not-applicable';

/**
 * Adds a purchase's credits and hypercredits through the ledger, keyed by the Stripe object that
 * paid for them (`invoice:in_…`, `payment_intent:pi_…`), so each payment grants once.
 */
export async function grantPurchase({
  db,
  userId,
  source,
  credits,
  hypercredits,
  reason,
}: {
  db: Db;
  userId: string;
  source: string;
  credits: number;
  hypercredits: number;
  reason: string;
}): Promise<GrantOutcome> {
  let outcome: GrantOutcome = 'not-applicable';
  for (const [currency, amount] of [
    ['credits', credits],
    ['hypercredits', hypercredits],
  ] as const) {
    if (amount <= 0) continue;
    const result = await grant(db, {
      userId,
      currency,
      amount,
      reason,
      idempotencyKey: `${source}:${currency}`,
    });
    outcome = result.status === 'applied' ? 'granted' : outcome === 'granted' ? outcome : 'duplicate';
  }
  return outcome;
}

/** A succeeded one-off payment for a credit package grants that package, once. */
export async function grantPaymentCredits({
  db,
  paymentIntent,
}: {
  db: Db;
  paymentIntent: Stripe.PaymentIntent;
}): Promise<GrantOutcome> {
  if (paymentIntent.status !== 'succeeded') return 'not-applicable';
  if (!paysFor(paymentIntent.metadata, 'creditPackage')) return 'not-applicable';
  const pack = findCreditPackage(paymentIntent.metadata.tierType ?? '');
  const user = await findUserByCustomer(db, customerIdOf(paymentIntent.customer));
  if (!pack || !user) return 'not-applicable';
  return grantPurchase({
    db,
    userId: user.id,
    source: `payment_intent:${paymentIntent.id}`,
    credits: pack.credits,
    hypercredits: pack.hypercredits,
    reason: `purchase: ${pack.name}`,
  });
}

/**
 * A paid one-off invoice selling a credit package (a purchase with a coupon) grants that package,
 * once, under the key of the intent that paid it: the same key the intent's own
 * `payment_intent.succeeded` grants under. An invoice Stripe settled without a charge (a customer
 * balance covering it) is keyed by the invoice.
 */
export async function grantPackageInvoiceCredits({
  db,
  invoice,
}: {
  db: Db;
  invoice: Stripe.Invoice;
}): Promise<GrantOutcome> {
  if (invoice.status !== 'paid' || invoice.parent?.subscription_details) return 'not-applicable';
  if (!paysFor(invoice.metadata, 'creditPackage')) return 'not-applicable';
  const pack = findCreditPackage(invoice.metadata?.tierType ?? '');
  const user = await findUserByCustomer(db, customerIdOf(invoice.customer));
  if (!pack || !user) return 'not-applicable';
  const payment = invoice.payments?.data.find((p) => p.status === 'paid');
  const intent = payment?.payment.payment_intent;
  const intentId = typeof intent === 'string' ? intent : intent?.id;
  return grantPurchase({
    db,
    userId: user.id,
    source: intentId ? `payment_intent:${intentId}` : `invoice:${invoice.id}`,
    credits: pack.credits,
    hypercredits: pack.hypercredits,
    reason: `purchase: ${pack.name}`,
  });
}

/** Invoices that start a new billing period; each grants that period's plan credits. */
const PERIOD_REASONS = new Set(['subscription_create', 'subscription_cycle']);

/** The plan a subscription invoice paid for, from its lines' prices. */
async function tierOfInvoice(stripe: Stripe, invoice: Stripe.Invoice) {
  for (const line of invoice.lines.data) {
    const price = line.pricing?.price_details?.price;
    if (!price || line.parent?.subscription_item_details?.proration) continue;
    const full = typeof price === 'string' ? await stripe.prices.retrieve(price) : price;
    const found = full.lookup_key ? findByLookupKey(full.lookup_key) : undefined;
    if (found && 'tier' in found) return found;
  }
  return undefined;
}

/**
 * A paid subscription invoice grants the plan's credits for its period, once. The first invoice of
 * a seeded demo subscription grants nothing: the seeded balance stands for that period.
 */
export async function grantInvoiceCredits({
  db,
  stripe,
  invoice,
}: {
  db: Db;
  stripe: Stripe;
  invoice: Stripe.Invoice;
}): Promise<GrantOutcome> {
  const details = invoice.parent?.subscription_details;
  if (invoice.status !== 'paid' || !details) return 'not-applicable';
  if (invoice.billing_reason === 'subscription_update') return grantUpgradeCredits(db, invoice, details);
  if (!PERIOD_REASONS.has(invoice.billing_reason ?? '')) return 'not-applicable';
  if (details.metadata?.seeded === 'true' && invoice.billing_reason === 'subscription_create') {
    return 'not-applicable';
  }
  const tier = await tierOfInvoice(stripe, invoice);
  const user = await findUserByCustomer(db, customerIdOf(invoice.customer));
  if (!tier || !user) return 'not-applicable';
  return grantPurchase({
    db,
    userId: user.id,
    source: `invoice:${invoice.id}`,
    credits: tier.credits,
    hypercredits: tier.hypercredits,
    reason: `plan: ${tier.tier}`,
  });
}

/**
 * A paid upgrade grants the difference between the new and the old plan's credits for the period,
 * once per invoice; the tiers come from the subscription's metadata as it was on the invoice.
 */
async function grantUpgradeCredits(
  db: Db,
  invoice: Stripe.Invoice,
  details: Stripe.Invoice.Parent.SubscriptionDetails,
): Promise<GrantOutcome> {
  const to = findTier(details.metadata?.tier ?? '');
  const from = findTier(details.metadata?.upgradedFrom ?? '');
  const user = await findUserByCustomer(db, customerIdOf(invoice.customer));
  if (!to || !from || !user || invoice.amount_paid <= 0) return 'not-applicable';
  return grantPurchase({
    db,
    userId: user.id,
    source: `invoice:${invoice.id}:upgrade`,
    credits: Math.max(0, to.credits - from.credits),
    hypercredits: Math.max(0, to.hypercredits - from.hypercredits),
    reason: `upgrade: ${from.tier} → ${to.tier}`,
  });
}
