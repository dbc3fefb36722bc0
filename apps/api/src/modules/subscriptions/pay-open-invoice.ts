import type { Db, UserRow } from '@app/db';
import type { OpenInvoiceBody, PayOpenInvoiceResult } from '@app/domain';
import Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import { settleInvoice } from '../settlement/settle-paid.ts';

const idOf = (value: string | { id: string } | null | undefined) =>
  !value ? null : typeof value === 'string' ? value : value.id;

const noInvoice = () =>
  new AppError('NO_OPEN_INVOICE', { status: 404, message: 'There is no plan invoice waiting to be paid' });

/** The latest open invoice of one of the user's plans (a failed renewal), if any. */
async function openPlanInvoice(stripe: Stripe, user: UserRow): Promise<Stripe.Invoice | undefined> {
  if (!user.stripeCustomerId) return undefined;
  const { data } = await stripe.invoices.list({ customer: user.stripeCustomerId, status: 'open', limit: 20 });
  return data
    .filter((invoice) => invoice.parent?.subscription_details?.subscription)
    .sort((a, b) => b.created - a.created)[0];
}

/** What "Pay now" shows: the open plan invoice, or null. */
export async function getOpenInvoice({
  stripe,
  user,
}: {
  stripe: Stripe;
  user: UserRow;
}): Promise<OpenInvoiceBody> {
  const invoice = await openPlanInvoice(stripe, user);
  if (!invoice) return { invoice: null };
  return {
    invoice: {
      id: invoice.id,
      tier: invoice.parent?.subscription_details?.metadata?.tier ?? null,
      amountCents: invoice.amount_due,
      currency: invoice.currency,
      created: invoice.created,
    },
  };
}

/**
 * Pays the person's open plan invoice with the card they chose, once (Stripe's idempotency key names
 * the invoice and the card), then makes that card the default of the customer and of the plan, so
 * the next renewal uses it too; the period's credits are granted by the same settlement the
 * webhook runs (keyed by the invoice, so they land once).
 */
export async function payOpenInvoice({
  db,
  stripe,
  user,
  invoiceId,
  paymentMethodId,
}: {
  db: Db;
  stripe: Stripe;
  user: UserRow;
  invoiceId: string;
  paymentMethodId: string;
}): Promise<PayOpenInvoiceResult> {
  const customer = user.stripeCustomerId;
  if (!customer) throw noInvoice();
  const invoice = await stripe.invoices.retrieve(invoiceId).catch(() => undefined);
  if (!invoice || idOf(invoice.customer) !== customer || !invoice.parent?.subscription_details)
    throw noInvoice();
  if (invoice.status === 'paid') return { status: 'paid', amountCents: invoice.amount_paid };
  if (invoice.status !== 'open') throw noInvoice();
  const subscriptionId = idOf(invoice.parent.subscription_details.subscription);
  try {
    const method = await stripe.paymentMethods.retrieve(paymentMethodId);
    if (!method.customer) await stripe.paymentMethods.attach(paymentMethodId, { customer });
    else if (idOf(method.customer) !== customer) throw noInvoice();
    await stripe.invoices.pay(
      invoice.id,
      { payment_method: paymentMethodId },
      { idempotencyKey: `pay-open-invoice:${invoice.id}:${paymentMethodId}` },
    );
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeCardError ||
      error instanceof Stripe.errors.StripeInvalidRequestError
    ) {
      throw new AppError('PAYMENT_FAILED', { status: 402, message: error.message });
    }
    throw error;
  }
  // The card that paid becomes the one the next renewals use.
  await stripe.customers.update(customer, { invoice_settings: { default_payment_method: paymentMethodId } });
  if (subscriptionId)
    await stripe.subscriptions.update(subscriptionId, { default_payment_method: paymentMethodId });
  await settleInvoice({ db, stripe }, invoice.id);
  const paid = await stripe.invoices.retrieve(invoice.id);
  return { status: 'paid', amountCents: paid.amount_paid };
}
