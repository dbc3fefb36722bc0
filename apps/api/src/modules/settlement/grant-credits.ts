import { type Db, type DbOrTx, type NewPayment, grant, recordPayment } from '@app/db';
import {
  PAYMENT_KINDS,
  type PaymentKindTable,
  findByLookupKey,
  findTier,
  kindEntry,
  paymentKindIn,
} from '@app/domain';
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
  payment,
}: {
  db: Db;
  userId: string;
  source: string;
  credits: number;
  hypercredits: number;
  reason: string;
  /** The payment to record as settled with this grant, in the same transaction. */
  payment?: NewPayment;
}): Promise<GrantOutcome> {
  if (!payment) return grantBoth(db, { userId, source, credits, hypercredits, reason });
  return db.transaction(async (tx) => {
    const outcome = await grantBoth(tx, { userId, source, credits, hypercredits, reason });
    await recordPayment(tx, payment);
    return outcome;
  });
}

async function grantBoth(
  db: DbOrTx,
  {
    userId,
    source,
    credits,
    hypercredits,
    reason,
  }: { userId: string; source: string; credits: number; hypercredits: number; reason: string },
): Promise<GrantOutcome> {
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

const idOf = (value: string | { id?: string } | null | undefined) =>
  !value ? null : typeof value === 'string' ? value : (value.id ?? null);

/** The kind (of those that grant their credits to the buyer) and product Stripe metadata names. */
function buyerGrantOf(kinds: PaymentKindTable, metadata: Stripe.Metadata | null | undefined) {
  const found = kindEntry(kinds, paymentKindIn(kinds, metadata?.payment_type) ?? '');
  if (!found || found.entry.purchase !== 'oneOff' || found.entry.grant !== 'buyer') return undefined;
  const product = found.entry.find(metadata?.tierType ?? '');
  return product ? { ...found, product } : undefined;
}

/**
 * A succeeded one-off payment of a kind that grants its credits to the buyer (a credit package)
 * grants them, once, and records the payment.
 */
export async function grantPaymentCredits({
  db,
  paymentIntent,
  kinds = PAYMENT_KINDS,
}: {
  db: Db;
  paymentIntent: Stripe.PaymentIntent;
  kinds?: PaymentKindTable;
}): Promise<GrantOutcome> {
  if (paymentIntent.status !== 'succeeded') return 'not-applicable';
  const bought = buyerGrantOf(kinds, paymentIntent.metadata);
  const user = await findUserByCustomer(db, customerIdOf(paymentIntent.customer));
  if (!bought || !user) return 'not-applicable';
  const { entry, product } = bought;
  return grantPurchase({
    db,
    userId: user.id,
    source: `payment_intent:${paymentIntent.id}`,
    credits: product.credits,
    hypercredits: product.hypercredits,
    reason: entry.words.granted(product),
    payment: {
      id: paymentIntent.id,
      userId: user.id,
      kind: bought.name,
      product: entry.key(product),
      amountCents: paymentIntent.amount_received,
      currency: paymentIntent.currency,
      chargeId: idOf(paymentIntent.latest_charge),
      creditsGranted: product.credits,
      hypercreditsGranted: product.hypercredits,
      paidAt: new Date(paymentIntent.created * 1000),
    },
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
  kinds = PAYMENT_KINDS,
}: {
  db: Db;
  invoice: Stripe.Invoice;
  kinds?: PaymentKindTable;
}): Promise<GrantOutcome> {
  if (invoice.status !== 'paid' || invoice.parent?.subscription_details) return 'not-applicable';
  const bought = buyerGrantOf(kinds, invoice.metadata);
  const user = await findUserByCustomer(db, customerIdOf(invoice.customer));
  if (!bought || !user) return 'not-applicable';
  const { entry, product } = bought;
  const payment = invoice.payments?.data.find((p) => p.status === 'paid');
  const intentId = idOf(payment?.payment.payment_intent);
  return grantPurchase({
    db,
    userId: user.id,
    source: intentId ? `payment_intent:${intentId}` : `invoice:${invoice.id}`,
    credits: product.credits,
    hypercredits: product.hypercredits,
    reason: entry.words.granted(product),
    payment: {
      id: intentId ?? invoice.id,
      userId: user.id,
      kind: bought.name,
      product: entry.key(product),
      amountCents: invoice.amount_paid,
      currency: invoice.currency,
      creditsGranted: product.credits,
      hypercreditsGranted: product.hypercredits,
      paidAt: new Date((invoice.status_transitions?.paid_at ?? invoice.created) * 1000),
    },
  });
}

/** The charge that paid an invoice, through its paid payment's intent. */
async function chargeOfInvoice(stripe: Stripe, invoice: Stripe.Invoice): Promise<string | null> {
  const paid = invoice.payments?.data.find((p) => p.status === 'paid');
  const intentId = idOf(paid?.payment.payment_intent);
  if (!intentId) return null;
  return idOf((await stripe.paymentIntents.retrieve(intentId)).latest_charge);
}

/** A plan invoice as a settled payment, when something was paid (a gifted trial's $0 invoice is not). */
async function planPayment(
  stripe: Stripe,
  invoice: Stripe.Invoice,
  userId: string,
  tier: string,
  granted: { credits: number; hypercredits: number },
): Promise<NewPayment | undefined> {
  if (invoice.amount_paid <= 0) return undefined;
  return {
    id: invoice.id,
    userId,
    kind: 'plan' satisfies keyof typeof PAYMENT_KINDS,
    product: tier,
    amountCents: invoice.amount_paid,
    currency: invoice.currency,
    chargeId: await chargeOfInvoice(stripe, invoice),
    creditsGranted: granted.credits,
    hypercreditsGranted: granted.hypercredits,
    paidAt: new Date((invoice.status_transitions?.paid_at ?? invoice.created) * 1000),
  };
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
  if (invoice.billing_reason === 'subscription_update') {
    return grantUpgradeCredits(db, stripe, invoice, details);
  }
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
    reason: PAYMENT_KINDS.plan.words.granted(tier),
    payment: await planPayment(stripe, invoice, user.id, tier.tier, tier),
  });
}

/**
 * A paid upgrade grants the difference between the new and the old plan's credits for the period,
 * once per invoice; the tiers come from the subscription's metadata as it was on the invoice.
 */
async function grantUpgradeCredits(
  db: Db,
  stripe: Stripe,
  invoice: Stripe.Invoice,
  details: Stripe.Invoice.Parent.SubscriptionDetails,
): Promise<GrantOutcome> {
  const to = findTier(details.metadata?.tier ?? '');
  const from = findTier(details.metadata?.upgradedFrom ?? '');
  const user = await findUserByCustomer(db, customerIdOf(invoice.customer));
  if (!to || !from || !user || invoice.amount_paid <= 0) return 'not-applicable';
  const granted = {
    credits: Math.max(0, to.credits - from.credits),
    hypercredits: Math.max(0, to.hypercredits - from.hypercredits),
  };
  return grantPurchase({
    db,
    userId: user.id,
    source: `invoice:${invoice.id}:upgrade`,
    ...granted,
    reason: `upgrade: ${from.tier} → ${to.tier}`,
    payment: await planPayment(stripe, invoice, user.id, to.tier, granted),
  });
}
