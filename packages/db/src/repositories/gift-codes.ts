import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { giftCodes, giftRefundDecisions } from '../schema/billing.ts';

export type GiftCodeRow = typeof giftCodes.$inferSelect;

export async function findGiftCode(db: DbOrTx, code: string): Promise<GiftCodeRow | undefined> {
  const [row] = await db.select().from(giftCodes).where(eq(giftCodes.code, code));
  return row;
}

/** The code a payment bought, found by the payment that bought it. */
export async function findGiftCodeBySource(db: DbOrTx, sourceId: string): Promise<GiftCodeRow | undefined> {
  const [row] = await db.select().from(giftCodes).where(eq(giftCodes.sourceId, sourceId));
  return row;
}

/** Stores a code; a clash on the code or on its payment stores nothing (undefined). */
export async function insertGiftCode(
  db: DbOrTx,
  values: { code: string; tier: string; purchaserId?: string | null; sourceId?: string | null },
): Promise<GiftCodeRow | undefined> {
  const [row] = await db.insert(giftCodes).values(values).onConflictDoNothing().returning();
  return row;
}

/** The codes a user bought, newest first. */
export async function listGiftCodesOf(
  db: DbOrTx,
  purchaserId: string,
  limit?: number,
): Promise<GiftCodeRow[]> {
  const query = db
    .select()
    .from(giftCodes)
    .where(eq(giftCodes.purchaserId, purchaserId))
    .orderBy(desc(giftCodes.createdAt), desc(giftCodes.id));
  return limit === undefined ? query : query.limit(limit);
}

/**
 * Claims an unredeemed code for a user in one conditional update, so among concurrent attempts
 * exactly one gets the row; undefined for everyone else.
 */
export async function claimGiftCode(
  db: DbOrTx,
  code: string,
  userId: string,
): Promise<GiftCodeRow | undefined> {
  const [row] = await db
    .update(giftCodes)
    .set({ redeemedBy: userId, redeemedAt: new Date() })
    .where(and(eq(giftCodes.code, code), isNull(giftCodes.redeemedBy), isNull(giftCodes.voidedAt)))
    .returning();
  return row;
}

/**
 * Voids the code a refunded or charged-back payment bought, in one conditional update: a code not
 * yet claimed can then never be claimed. Answers the code as it now is (voided, or already claimed).
 */
export async function voidGiftCode(db: DbOrTx, id: string): Promise<GiftCodeRow | undefined> {
  await db
    .update(giftCodes)
    .set({ voidedAt: new Date() })
    .where(and(eq(giftCodes.id, id), isNull(giftCodes.redeemedBy), isNull(giftCodes.voidedAt)));
  const [row] = await db.select().from(giftCodes).where(eq(giftCodes.id, id));
  return row;
}

/** Gives back a claim that could not be completed, if that user still holds it. */
export async function releaseGiftCode(db: DbOrTx, id: string, userId: string): Promise<void> {
  await db
    .update(giftCodes)
    .set({ redeemedBy: null, redeemedAt: null })
    .where(and(eq(giftCodes.id, id), eq(giftCodes.redeemedBy, userId)));
}

/** Records the gifted subscription, completing a claim. */
export async function setGiftCodeSubscription(db: DbOrTx, id: string, subscriptionId: string): Promise<void> {
  await db.update(giftCodes).set({ subscriptionId }).where(eq(giftCodes.id, id));
}

/** Claims whose subscription was never recorded (the process stopped mid-redemption). */
export async function listUnfinishedGiftClaims(db: DbOrTx, limit = 100): Promise<GiftCodeRow[]> {
  return db
    .select()
    .from(giftCodes)
    .where(and(isNotNull(giftCodes.redeemedBy), isNull(giftCodes.subscriptionId)))
    .limit(limit);
}

export type GiftRefundDecision = (typeof giftRefundDecisions.$inferSelect)['decision'];

/**
 * Decides, once, what a refund of a gift's payment does, and answers that decision with the code
 * as it was decided on. The code's row is locked while deciding, so a redemption claiming it at
 * the same moment comes strictly before (the refund lands on its recipient, as the operator
 * chose) or after (a full refund has voided the code, so the claim finds nothing). A refund
 * decided before keeps its decision whatever happens to the code later.
 */
export async function decideGiftRefund(
  db: DbOrTx,
  {
    refundId,
    giftCodeId,
    full,
    takeBack,
  }: { refundId: string; giftCodeId: string; full: boolean; takeBack: boolean },
): Promise<{ decision: GiftRefundDecision; code: GiftCodeRow }> {
  return db.transaction(async (tx) => {
    const [code] = await tx.select().from(giftCodes).where(eq(giftCodes.id, giftCodeId)).for('update');
    if (!code) throw new Error(`Gift code ${giftCodeId} is gone`);
    const [known] = await tx
      .select()
      .from(giftRefundDecisions)
      .where(eq(giftRefundDecisions.refundId, refundId));
    if (known) return { decision: known.decision, code };
    const decision: GiftRefundDecision = code.redeemedBy
      ? takeBack
        ? 'taken'
        : 'kept'
      : full
        ? 'voided'
        : 'whole';
    if (decision === 'voided' && !code.voidedAt) {
      code.voidedAt = new Date();
      await tx.update(giftCodes).set({ voidedAt: code.voidedAt }).where(eq(giftCodes.id, giftCodeId));
    }
    await tx.insert(giftRefundDecisions).values({ refundId, giftCodeId, decision });
    return { decision, code };
  });
}

/** Every refund decision taken on a code, oldest first. */
export async function listGiftRefundDecisions(db: DbOrTx, giftCodeId: string) {
  return db
    .select()
    .from(giftRefundDecisions)
    .where(eq(giftRefundDecisions.giftCodeId, giftCodeId))
    .orderBy(giftRefundDecisions.decidedAt);
}
