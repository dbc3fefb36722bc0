import { type Db, withNamedLock } from '@app/db';
import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import { PLAN_HOLDING_STATUSES, planStatusOf } from './plan-status.ts';

export const secondPlan = () =>
  new AppError('ALREADY_SUBSCRIBED', {
    status: 409,
    message:
      'You already have a paid plan, so this one was not started and nothing was charged. Change your plan from the subscription page.',
  });

/**
 * The customer's live paid (not gifted) subscriptions at Stripe, apart from `except`. One whose
 * renewal failed for good (`unpaid`, or past due with no retry left) holds no plan any more.
 */
export async function otherPaidPlans(stripe: Stripe, customer: string, except?: string) {
  const found: Stripe.Subscription[] = [];
  for await (const subscription of stripe.subscriptions.list({
    customer,
    status: 'all',
    limit: 100,
    expand: ['data.latest_invoice'],
  })) {
    if (subscription.id === except || subscription.metadata.gifted === 'true') continue;
    if (PLAN_HOLDING_STATUSES.has(planStatusOf(subscription))) found.push(subscription);
  }
  return found;
}

/**
 * Ends the customer's lapsed paid subscriptions (their renewal failed for good) and voids their open
 * invoice, so paying that invoice later cannot bring back a plan beside the new one.
 */
export async function endLapsedPlans(stripe: Stripe, customer: string, except?: string) {
  for await (const subscription of stripe.subscriptions.list({
    customer,
    status: 'all',
    limit: 100,
    expand: ['data.latest_invoice'],
  })) {
    if (subscription.id === except || subscription.metadata.gifted === 'true') continue;
    if (planStatusOf(subscription) === 'unpaid') await abandonSubscription(stripe, subscription);
  }
}

/**
 * Cancels subscriptions still waiting for their first payment, and voids their open invoice, so an
 * abandoned "Choose plan" leaves nothing owed in the payment history.
 */
export async function cancelWaitingSubscriptions(stripe: Stripe, customer: string, except?: string) {
  for await (const subscription of stripe.subscriptions.list({
    customer,
    status: 'incomplete',
    limit: 100,
  })) {
    if (subscription.id === except) continue;
    await abandonSubscription(stripe, subscription);
  }
}

/** Cancels one waiting subscription and voids its unpaid first invoice. */
export async function abandonSubscription(stripe: Stripe, subscription: Stripe.Subscription) {
  const invoiceRef = subscription.latest_invoice;
  await stripe.subscriptions.cancel(subscription.id);
  if (!invoiceRef) return;
  const invoice = await stripe.invoices.retrieve(typeof invoiceRef === 'string' ? invoiceRef : invoiceRef.id);
  if (invoice.status === 'open') await stripe.invoices.voidInvoice(invoice.id);
}

/**
 * Runs a step that may start a paid plan (creating or paying a plan's first invoice, opening a
 * hosted checkout for a plan) while no other such step of the same user runs, in any process.
 */
export function withPlanPaymentLock<T>(db: Db, userId: string, work: () => Promise<T>): Promise<T> {
  return withNamedLock(db, `plan-payment:${userId}`, work);
}

/**
 * Cancels every other way a plan could still be paid: subscriptions waiting for their first
 * payment (their invoice voided, so a card check left open fails), lapsed plans whose open invoice
 * could still be paid, and open hosted checkouts for a plan (expired).
 */
export async function cancelOtherPlanAttempts(stripe: Stripe, customer: string, except?: string) {
  await cancelWaitingSubscriptions(stripe, customer, except);
  await endLapsedPlans(stripe, customer, except);
  for await (const session of stripe.checkout.sessions.list({ customer, limit: 100 })) {
    if (session.mode === 'subscription' && session.status === 'open') {
      await stripe.checkout.sessions.expire(session.id);
    }
  }
}
