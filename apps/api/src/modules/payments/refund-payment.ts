import { type Db, findPayment } from '@app/db';
import {
  type AdminRefundResult,
  GIFT_RECIPIENT_METADATA,
  type GiftRecipientChoice,
  PAYMENT_KINDS,
  formatCents,
  kindEntry,
} from '@app/domain';
import Stripe from 'stripe';
import { AppError, notFound } from '../../lib/errors.ts';
import { writeAuditLog } from '../audit/write-audit-log.ts';

const idOf = (value: string | { id: string } | null | undefined) =>
  !value ? null : typeof value === 'string' ? value : value.id;

const refused = (message: string) => new AppError('REFUND_REFUSED', { status: 409, message });

/** What Stripe's refund call names: the charge, or the payment intent that paid the invoice. */
async function refundTarget(
  stripe: Stripe,
  payment: { id: string; chargeId: string | null },
): Promise<{ charge: string } | { payment_intent: string }> {
  if (payment.chargeId) return { charge: payment.chargeId };
  if (payment.id.startsWith('pi_')) return { payment_intent: payment.id };
  const invoice = await stripe.invoices.retrieve(payment.id, { expand: ['payments'] });
  const paid = invoice.payments?.data.find((p) => p.status === 'paid');
  const intent = idOf(paid?.payment.payment_intent);
  if (!intent) throw refused('This payment was settled without a card charge, so there is nothing to refund');
  return { payment_intent: intent };
}

/**
 * An admin refunds all or part of one of a person's payments through Stripe's refund API. Only the
 * refund is made here: Stripe's `charge.refunded` webhook (or the reconciler) then takes back what
 * the payment granted, once, as for a refund made anywhere else. The request's id is Stripe's
 * idempotency key, so a retry or a double click makes one refund. Audited.
 */
export async function refundPayment({
  db,
  stripe,
  adminId,
  userId,
  paymentId,
  amountCents,
  giftRecipient,
  requestId,
}: {
  db: Db;
  stripe: Stripe;
  adminId: string;
  userId: string;
  paymentId: string;
  amountCents?: number;
  giftRecipient?: GiftRecipientChoice;
  requestId: string;
}): Promise<AdminRefundResult> {
  const payment = await findPayment(db, paymentId);
  if (!payment || payment.userId !== userId) throw notFound('Payment');
  const left = payment.amountCents - payment.refundedCents;
  if (left <= 0) throw refused('This payment has already been refunded in full');
  if (payment.disputeStatus === 'open' || payment.disputeStatus === 'lost') {
    throw refused('This payment is disputed with the bank; it cannot be refunded');
  }
  if (amountCents !== undefined && amountCents > left) {
    throw refused(`At most $${formatCents(left)} of this payment can still be refunded`);
  }
  let refund: Stripe.Response<Stripe.Refund>;
  try {
    refund = await stripe.refunds.create(
      {
        ...(await refundTarget(stripe, payment)),
        ...(amountCents === undefined ? {} : { amount: amountCents }),
        reason: 'requested_by_customer',
        metadata: {
          refunded_by: adminId,
          ...(kindEntry(PAYMENT_KINDS, payment.kind)?.entry.takeBack === 'gift'
            ? { [GIFT_RECIPIENT_METADATA]: giftRecipient ?? 'keep' }
            : {}),
        },
      },
      { idempotencyKey: `admin-refund:${requestId}` },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) throw refused(error.message);
    throw error;
  }
  // A replay of the same request (Stripe's documented response header) was audited the first time.
  const replayed = refund.lastResponse?.headers?.['idempotent-replayed'] === 'true';
  if (!replayed) {
    await writeAuditLog({
      db,
      actorId: adminId,
      action: 'payment.refund',
      targetId: userId,
      details: { payment: payment.id, refund: refund.id, amountCents: refund.amount, giftRecipient },
    });
  }
  return {
    refundId: refund.id,
    amountCents: refund.amount,
    status: refund.status ?? 'pending',
    message: `Refunded $${formatCents(refund.amount)}. What the payment gave is taken back as Stripe confirms the refund.`,
  };
}
