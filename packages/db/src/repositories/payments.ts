import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { payments } from '../schema/payments.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/**
 * Records a settled payment once: a second settlement of the same payment (a webhook retry, the
 * reconciler) finds it recorded and changes nothing, except filling a charge id learnt later.
 */
export async function recordPayment(db: DbOrTx, values: NewPayment): Promise<PaymentRow> {
  await db.insert(payments).values(values).onConflictDoNothing({ target: payments.id });
  if (values.chargeId) {
    await db
      .update(payments)
      .set({ chargeId: values.chargeId })
      .where(and(eq(payments.id, values.id), sql`${payments.chargeId} is null`));
  }
  const [row] = await db.select().from(payments).where(eq(payments.id, values.id));
  return row!;
}

export async function findPayment(db: DbOrTx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export async function findPaymentByCharge(db: DbOrTx, chargeId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.chargeId, chargeId));
  return row;
}

/** What Stripe says was refunded of the charge so far (refunds only add up, so never lowered). */
export async function setPaymentRefunded(db: DbOrTx, id: string, refundedCents: number): Promise<void> {
  await db
    .update(payments)
    .set({ refundedCents: sql`greatest(${payments.refundedCents}, ${refundedCents})` })
    .where(eq(payments.id, id));
}

export async function setPaymentDispute(
  db: DbOrTx,
  id: string,
  dispute: { status: 'open' | 'won' | 'lost'; amountCents: number; feeCents: number },
): Promise<void> {
  await db
    .update(payments)
    .set({
      disputeStatus: dispute.status,
      disputedCents: dispute.amountCents,
      disputeFeeCents: dispute.feeCents,
    })
    .where(eq(payments.id, id));
}

/** The dispute states of the given charges, for the payment history. */
export async function disputeStatesOfCharges(db: DbOrTx, chargeIds: string[]): Promise<Map<string, string>> {
  if (chargeIds.length === 0) return new Map();
  const rows = await db
    .select({ chargeId: payments.chargeId, status: payments.disputeStatus })
    .from(payments)
    .where(sql`${payments.chargeId} in ${chargeIds}`);
  return new Map(rows.filter((r) => r.chargeId && r.status).map((r) => [r.chargeId!, r.status!]));
}

/** A user's settled payments, newest first (the admin's user page). */
export async function listPaymentsOf(db: DbOrTx, userId: string, limit = 100): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(limit);
}

/** Whether one of the user's payments is disputed with the bank and not yet decided. */
export async function hasOpenDispute(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.disputeStatus, 'open')))
    .limit(1);
  return Boolean(row);
}
