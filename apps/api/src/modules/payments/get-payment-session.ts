import type { Db, UserRow } from '@app/db';
import { type PaymentSessionWire, paysFor, receiptPdfUrl } from '@app/domain';
import type Stripe from 'stripe';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { issueGiftCode } from '../gifts/issue-gift-code.ts';
import { customerIdOf } from '../customers/access.ts';
import { assertMayActOn } from '../../lib/authorization.ts';
import { settleCheckoutSession, settleInvoice, settlePaymentIntent } from '../settlement/settle-paid.ts';

const notPaid = () =>
  new AppError('NOT_PAID', { status: 409, message: 'This payment has not been completed' });

async function customerEmail(stripe: Stripe, customer: string | null): Promise<string | null> {
  if (!customer) return null;
  const found = await stripe.customers.retrieve(customer);
  return 'deleted' in found && found.deleted ? null : (found.email ?? null);
}

async function retrieve<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if ((error as { code?: string }).code === 'resource_missing') throw notFound('Payment');
    throw error;
  }
}

/** A hosted checkout's receipt: its payment's receipt page, or its plan's first invoice as a PDF. */
async function checkoutReceipt(
  stripe: Stripe,
  session: Stripe.Checkout.Session,
): Promise<{ receipt_url: string | null; receipt_pdf: string | null }> {
  const intentId =
    typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (intentId) {
    const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    return { receipt_url: charge?.receipt_url ?? null, receipt_pdf: receiptPdfUrl(charge?.receipt_url) };
  }
  const invoiceId = typeof session.invoice === 'string' ? session.invoice : session.invoice?.id;
  if (!invoiceId) return { receipt_url: null, receipt_pdf: null };
  const invoice = await stripe.invoices.retrieve(invoiceId);
  return { receipt_url: null, receipt_pdf: invoice.invoice_pdf ?? null };
}

/**
 * The receipt the success page shows, for a hosted checkout session (`cs_…`), a card-form payment
 * (`pi_…`) or an invoice paid without a card payment (`in_…`). Only the payer (or an admin) may read it.
 */
export async function getPaymentSession({
  db,
  stripe,
  user,
  sessionId,
}: {
  db: Db;
  stripe: Stripe;
  user: UserRow;
  sessionId: string;
}): Promise<PaymentSessionWire> {
  if (sessionId.startsWith('cs_')) {
    const session = await retrieve(() => stripe.checkout.sessions.retrieve(sessionId));
    const customer = customerIdOf(session.customer);
    assertMayActOn(user, { customerId: customer }, 'That payment record belongs to another account');
    if (session.status !== 'complete') throw notPaid();
    // The success page may arrive before the webhook: granting and issuing are idempotent.
    await settleCheckoutSession({ db, stripe }, session);
    const giftCode = await issueGiftCode({ db, session });
    return {
      id: session.id,
      amount_total: session.amount_total ?? 0,
      customer,
      customer_details: { email: session.customer_details?.email ?? (await customerEmail(stripe, customer)) },
      metadata: {
        gift: paysFor(session.metadata, 'gift') ? 'true' : undefined,
        tierType: session.metadata?.tierType,
      },
      giftCode,
      ...(await checkoutReceipt(stripe, session)),
    };
  }
  if (sessionId.startsWith('pi_')) {
    const intent = await retrieve(() =>
      stripe.paymentIntents.retrieve(sessionId, { expand: ['latest_charge'] }),
    );
    const customer = customerIdOf(intent.customer);
    assertMayActOn(user, { customerId: customer }, 'That payment record belongs to another account');
    if (intent.status !== 'succeeded') throw notPaid();
    await settlePaymentIntent({ db, stripe }, intent);
    // The email typed on the card form travels with the charge's billing details.
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const email =
      intent.receipt_email ?? charge?.billing_details.email ?? (await customerEmail(stripe, customer));
    return {
      id: intent.id,
      amount_total: intent.amount_received,
      customer,
      customer_details: { email },
      metadata: { tierType: intent.metadata.tierType },
      giftCode: null,
      receipt_url: charge?.receipt_url ?? null,
      receipt_pdf: receiptPdfUrl(charge?.receipt_url),
    };
  }
  if (sessionId.startsWith('in_')) {
    const invoice = await retrieve(() => stripe.invoices.retrieve(sessionId));
    const customer = customerIdOf(invoice.customer);
    assertMayActOn(user, { customerId: customer }, 'That payment record belongs to another account');
    if (invoice.status !== 'paid') throw notPaid();
    await settleInvoice({ db, stripe }, invoice.id);
    return {
      id: invoice.id,
      amount_total: invoice.amount_paid,
      customer,
      customer_details: { email: invoice.customer_email ?? null },
      metadata: {
        tierType: invoice.parent?.subscription_details?.metadata?.tier ?? invoice.metadata?.tierType,
      },
      giftCode: null,
      receipt_url: null,
      receipt_pdf: invoice.invoice_pdf ?? null,
    };
  }
  throw badRequest('Unknown session id', 'UNKNOWN_SESSION');
}
