import type { Db, UserRow } from '@app/db';
import {
  kindEntry,
  PAYMENT_KINDS,
  type PaymentKindTable,
  paymentKindIn,
  type ProcessPaymentBody,
  type ProcessPaymentResult,
} from '@app/domain';
import type Stripe from 'stripe';
import { AppError, badRequest } from '../../lib/errors.ts';
import { customerIdOf } from '../customers/access.ts';
import { confirmPayment } from './confirm-payment.ts';
import { unknownPackage } from './create-payment-intent.ts';
import { grantPackageInvoiceCredits, grantPaymentCredits } from '../settlement/grant-credits.ts';
import { type ResolvedCoupon, discountedAmount, resolveCoupon } from './resolve-coupon.ts';
import type { PaymentCallOptions } from '../customers/payment-call.ts';
import {
  type SoldProduct,
  createPackageInvoice,
  discountKey,
  invoiceIntentId,
  retrieveInvoice,
} from './package-invoice.ts';
import { assertMayActOn } from '../../lib/authorization.ts';

export const invalidCoupon = () =>
  new AppError('INVALID_COUPON', { status: 400, message: 'Invalid Coupon Entered' });

export const PAYABLE_STATUSES = new Set(['requires_payment_method', 'requires_confirmation']);

export async function loadOwnIntent(stripe: Stripe, user: UserRow, id: string) {
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.retrieve(id);
  } catch (error) {
    if ((error as { code?: string }).code === 'resource_missing') {
      throw badRequest('Unknown payment intent', 'UNKNOWN_PAYMENT_INTENT');
    }
    throw error;
  }
  assertMayActOn(
    user,
    { customerId: customerIdOf(intent.customer) },
    'That payment record belongs to another account',
  );
  return intent;
}

export const alreadyPaid = () =>
  new AppError('ALREADY_PROCESSED', { status: 409, message: 'This payment was already processed' });

/** The answer for an intent that is already paid, as the confirmation gave it. */
export const paidResult = (intent: Stripe.PaymentIntent): ProcessPaymentResult => ({
  status: intent.status,
  client_secret: intent.client_secret,
  amountPaid: intent.amount_received,
  discountName: intent.metadata.discountName || null,
  error: null,
  sessionId: intent.id,
});

/** The answer for a package invoice Stripe settled without a card payment (a balance covered it). */
const settledInvoiceResult = (invoice: Stripe.Invoice): ProcessPaymentResult => ({
  status: 'succeeded',
  client_secret: null,
  amountPaid: invoice.amount_paid,
  discountName: invoice.metadata?.discountName || null,
  error: null,
  sessionId: invoice.id ?? null,
});

/** The intent the card form pays with: the package's own, or its coupon invoice's. */
async function chargeIntent({
  db,
  stripe,
  intentId,
  paymentMethodId,
  discountName,
  kinds,
}: {
  db: Db;
  stripe: Stripe;
  intentId: string;
  paymentMethodId: string;
  discountName: string | null;
  kinds: PaymentKindTable;
}): Promise<ProcessPaymentResult> {
  const { result, intent: confirmed } = await confirmPayment({
    stripe,
    intentId,
    paymentMethodId,
    discountName,
  });
  if (confirmed?.status === 'succeeded') await grantPaymentCredits({ db, paymentIntent: confirmed, kinds });
  return result;
}

/** The kind (one that grants its buyer, bought with the card form) an intent's metadata names. */
function cardKindOf(kinds: PaymentKindTable, metadata: Stripe.Metadata) {
  const found = kindEntry(kinds, paymentKindIn(kinds, metadata.payment_type) ?? '');
  if (!found || found.entry.purchase !== 'oneOff' || found.entry.grant !== 'buyer' || !found.entry.cardPath) {
    return undefined;
  }
  return found.entry;
}

/**
 * Pays for a credit package with the browser's card and grants it on success. Without a coupon the
 * package's own intent is charged at the catalog price. With one, the package is sold on a one-off
 * invoice carrying the discount, so Stripe checks and counts the coupon, and the answer carries the
 * invoice intent's client_secret for the card form (and any retry) to use.
 */
export async function processSinglePayment({
  db,
  stripe,
  user,
  body,
  kinds = PAYMENT_KINDS,
}: PaymentCallOptions<ProcessPaymentBody>): Promise<ProcessPaymentResult> {
  const given = await loadOwnIntent(stripe, user, body.paymentIntentId);
  const entry = cardKindOf(kinds, given.metadata);
  if (!entry) {
    throw badRequest('This payment is not a credit package purchase', 'WRONG_PAYMENT_TYPE');
  }
  if (given.status === 'succeeded') {
    // A retry after the answer was lost (a crash, a dropped connection): grant if not yet granted.
    await grantPaymentCredits({ db, paymentIntent: given, kinds });
    return paidResult(given);
  }
  // An invoice's intent leads back to the package's own intent, which knows the current invoice.
  const intent = given.metadata.package_intent
    ? await loadOwnIntent(stripe, user, given.metadata.package_intent)
    : given;
  if (intent.status === 'succeeded') {
    await grantPaymentCredits({ db, paymentIntent: intent, kinds });
    return paidResult(intent);
  }
  const invoice = intent.metadata.invoice
    ? await retrieveInvoice(stripe, intent.metadata.invoice)
    : undefined;
  if (invoice?.status === 'paid') {
    await grantPackageInvoiceCredits({ db, invoice, kinds });
    const paid = invoiceIntentId(invoice);
    return paid ? paidResult(await stripe.paymentIntents.retrieve(paid)) : settledInvoiceResult(invoice);
  }
  if (!PAYABLE_STATUSES.has(intent.status)) throw alreadyPaid();
  const found = entry.find(intent.metadata.tierType ?? '');
  if (!found) throw unknownPackage(intent.metadata.tierType ?? '');
  const pack = { name: entry.key(found), type: entry.type, price: found.price };

  const code = body.couponCode?.trim() ?? '';
  if (code) {
    return payWithCoupon({
      db,
      stripe,
      user,
      intent,
      invoice,
      pack,
      code,
      paymentMethodId: body.paymentMethodId,
      kinds,
    });
  }
  // A coupon invoice made earlier is voided: nothing was charged on it.
  if (invoice?.status === 'open') await stripe.invoices.voidInvoice(invoice.id);
  // Intents from before coupons went through invoices may carry a discounted amount.
  if (intent.amount !== pack.price) await stripe.paymentIntents.update(intent.id, { amount: pack.price });
  return chargeIntent({
    db,
    stripe,
    intentId: intent.id,
    paymentMethodId: body.paymentMethodId,
    discountName: null,
    kinds,
  });
}

/**
 * The coupon path: the package is sold on a one-off invoice carrying the discount, so Stripe checks
 * and counts the coupon. An invoice already made for this code is paid as it is (its redemption is
 * already counted); one made for another coupon is voided and replaced.
 */
async function payWithCoupon({
  db,
  stripe,
  user,
  intent,
  invoice: existing,
  pack,
  code: typed,
  paymentMethodId,
  kinds,
}: {
  db: Db;
  stripe: Stripe;
  user: UserRow;
  /** The package's own intent. */
  intent: Stripe.PaymentIntent;
  /** The coupon invoice made for it earlier, if any. */
  invoice: Stripe.Invoice | undefined;
  pack: SoldProduct;
  code: string;
  paymentMethodId: string;
  kinds: PaymentKindTable;
}): Promise<ProcessPaymentResult> {
  let invoice = existing;
  const waiting = invoice?.status === 'open' || invoice?.status === 'draft';
  const sameCode = waiting && invoice?.metadata?.coupon_code === typed.toUpperCase();
  let coupon: ResolvedCoupon | undefined;
  if (!sameCode) {
    coupon = await resolveCoupon({ stripe, code: typed });
    if (!coupon) throw invalidCoupon();
    if (discountedAmount(pack.price, coupon) < 50) {
      throw badRequest('This coupon cannot be used for this package', 'COUPON_NOT_APPLICABLE');
    }
  }
  const usable =
    waiting && (sameCode || (coupon !== undefined && invoice?.metadata?.discount === discountKey(coupon)));
  // An invoice made for another coupon is voided: nothing was charged on it.
  if (invoice?.status === 'open' && !usable) await stripe.invoices.voidInvoice(invoice.id);

  if (!usable || !invoice) {
    invoice = await createPackageInvoice({
      stripe,
      customer: customerIdOf(intent.customer)!,
      userId: user.id,
      pack,
      packageIntent: intent.id,
      coupon: coupon!,
      code: typed,
      previous: intent.metadata.invoice,
    });
    await stripe.paymentIntents.update(intent.id, { metadata: { invoice: invoice.id } });
  }
  const discountName = invoice.metadata?.discountName || null;
  // Stripe checks the coupon's limits again and counts the redemption here; a refusal is a 400.
  if (invoice.status === 'draft') {
    const id = invoice.id;
    await stripe.invoices.finalizeInvoice(id).catch(async (error: unknown) => {
      // A concurrent copy of this request may have finalized it first; any other refusal stands.
      if ((await retrieveInvoice(stripe, id)).status === 'draft') throw error;
    });
    invoice = await retrieveInvoice(stripe, id);
  }
  if (invoice.status === 'paid') {
    // Nothing was left to charge (the customer's balance covered it).
    await grantPackageInvoiceCredits({ db, invoice, kinds });
    return settledInvoiceResult(invoice);
  }
  const payWith = invoiceIntentId(invoice);
  if (!payWith) throw new AppError('NOTHING_TO_PAY', { status: 409, message: 'Nothing to pay' });
  const invoiceIntent = await stripe.paymentIntents.retrieve(payWith);
  if (invoiceIntent.metadata.package_intent !== intent.id) {
    // Invoice intents carry no metadata of ours; the grants, webhooks and receipts read it here.
    await stripe.paymentIntents.update(payWith, {
      metadata: {
        payment_type: pack.type,
        tierType: pack.name,
        userId: user.id,
        package_intent: intent.id,
        invoice: invoice.id,
        discountName: discountName ?? '',
      },
    });
  }
  if (!PAYABLE_STATUSES.has(invoiceIntent.status)) throw alreadyPaid();
  return chargeIntent({
    db,
    stripe,
    intentId: payWith,
    paymentMethodId,
    discountName,
    kinds,
  });
}
