import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { subscriptions } from '../schema/billing.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Payment-provider statuses under which the user has the plan. */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'];

/** The user's subscriptions in a live status, in no particular order. */
export async function listLiveSubscriptionRows(db: DbOrTx, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, LIVE_SUBSCRIPTION_STATUSES)));
}

/** Every user's subscriptions on one of `tiers` in a live status. */
export async function listLiveSubscriptionRowsOfTiers(
  db: DbOrTx,
  tiers: string[],
): Promise<SubscriptionRow[]> {
  if (tiers.length === 0) return [];
  return db
    .select()
    .from(subscriptions)
    .where(
      and(inArray(subscriptions.tier, tiers), inArray(subscriptions.status, LIVE_SUBSCRIPTION_STATUSES)),
    );
}

/** Whose subscription this is, when our copy knows it. */
export async function findSubscriptionOwnerId(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.id, id));
  return row?.userId;
}

/**
 * Writes our copy of one subscription, creating or replacing it. `started_at` keeps the first time
 * it was live; `ended_at` the first time a started one left the live statuses (cleared if it comes back).
 */
export async function upsertSubscription(
  db: DbOrTx,
  {
    id,
    ...values
  }: Omit<SubscriptionRow, 'updatedAt' | 'startedAt' | 'endedAt' | 'nextPaymentAttempt'> & {
    nextPaymentAttempt?: Date | null;
  },
): Promise<void> {
  const live = LIVE_SUBSCRIPTION_STATUSES.includes(values.status);
  const row = { ...values, updatedAt: new Date() };
  await db
    .insert(subscriptions)
    .values({ id, ...row, startedAt: live ? new Date() : null })
    .onConflictDoUpdate({
      target: subscriptions.id,
      set: {
        ...row,
        startedAt: live ? sql`coalesce(${subscriptions.startedAt}, now())` : sql`${subscriptions.startedAt}`,
        // Only a subscription that had started lapses: an abandoned first payment never did.
        endedAt: live
          ? null
          : sql`case when ${subscriptions.startedAt} is null then null else coalesce(${subscriptions.endedAt}, now()) end`,
      },
    });
}

export async function deleteSubscriptionsOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(subscriptions).where(eq(subscriptions.userId, userId));
}

/** Every subscription of the user in our copy, live or not, latest first. */
export async function listSubscriptionRowsOf(db: DbOrTx, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.updatedAt));
}
