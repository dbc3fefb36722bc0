import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { type AutoTopUpRow, autoTopUps } from '../schema/auto-top-ups.ts';
import { creditLedger } from '../schema/ledger.ts';
import { payments } from '../schema/payments.ts';
import { users } from '../schema/users.ts';

export type { AutoTopUpRow };

export async function findAutoTopUp(db: DbOrTx, userId: string): Promise<AutoTopUpRow | undefined> {
  const [row] = await db.select().from(autoTopUps).where(eq(autoTopUps.userId, userId));
  return row;
}

export interface AutoTopUpSettings {
  userId: string;
  enabled: boolean;
  packageName: string;
  thresholdCredits: number;
  monthlyCapCents: number | null;
  dailyCreditCap: number | null;
}

/**
 * Saves the settings. Turning it on clears the reason it was turned off; a top-up under way keeps
 * its state (it finishes as it began).
 */
export async function saveAutoTopUpSettings(db: DbOrTx, settings: AutoTopUpSettings): Promise<AutoTopUpRow> {
  const { userId, ...fields } = settings;
  const [row] = await db
    .insert(autoTopUps)
    .values({ userId, ...fields })
    .onConflictDoUpdate({
      target: autoTopUps.userId,
      set: {
        ...fields,
        offReason: settings.enabled ? null : sql`${autoTopUps.offReason}`,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row!;
}

/** The saved card; a row is made with `packageName` when there is none yet (auto top-up off). */
export async function saveAutoTopUpCard(
  db: DbOrTx,
  card: { userId: string; paymentMethod: string; brand: string; last4: string; packageName: string },
): Promise<AutoTopUpRow> {
  const values = { paymentMethod: card.paymentMethod, cardBrand: card.brand, cardLast4: card.last4 };
  const [row] = await db
    .insert(autoTopUps)
    .values({ userId: card.userId, packageName: card.packageName, ...values })
    .onConflictDoUpdate({ target: autoTopUps.userId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

/**
 * Claims the next crossing: only one caller moves an armed, enabled top-up with a card to `buying`;
 * the others get nothing.
 */
export async function claimAutoTopUp(db: DbOrTx, userId: string): Promise<AutoTopUpRow | undefined> {
  const [row] = await db
    .update(autoTopUps)
    .set({
      state: 'buying',
      crossing: sql`${autoTopUps.crossing} + 1`,
      intentId: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(autoTopUps.userId, userId),
        eq(autoTopUps.enabled, true),
        eq(autoTopUps.state, 'armed'),
        sql`${autoTopUps.paymentMethod} is not null`,
      ),
    )
    .returning();
  return row;
}

const ofCrossing = (userId: string, crossing: number) =>
  and(eq(autoTopUps.userId, userId), eq(autoTopUps.crossing, crossing));

/** Records the crossing's PaymentIntent and whether it waits for the bank. */
export async function setAutoTopUpIntent(
  db: DbOrTx,
  userId: string,
  crossing: number,
  intentId: string,
  state: 'buying' | 'waiting',
): Promise<void> {
  await db
    .update(autoTopUps)
    .set({ intentId, state, updatedAt: new Date() })
    .where(and(ofCrossing(userId, crossing), inArray(autoTopUps.state, ['buying', 'waiting'])));
}

/**
 * The crossing's package is granted: armed again when the credits are back at or above the
 * threshold, else `spent` until they are (one top-up per fall below it).
 */
export async function finishAutoTopUp(db: DbOrTx, userId: string, crossing: number): Promise<void> {
  await db.execute(sql`
    UPDATE auto_top_ups t SET
      state = CASE WHEN u.credits >= t.threshold_credits THEN 'armed' ELSE 'spent' END,
      updated_at = now()
    FROM users u
    WHERE u.id = t.user_id AND t.user_id = ${userId} AND t.crossing = ${crossing}
      AND t.state IN ('buying', 'waiting')`);
}

/** A crossing that bought nothing (the cap, a refused card): back to `spent` or off, with the reason. */
export async function stopAutoTopUp(
  db: DbOrTx,
  userId: string,
  crossing: number,
  outcome: { turnOff: true; reason: string } | { turnOff: false; back: 'armed' | 'spent' },
): Promise<void> {
  await db
    .update(autoTopUps)
    .set(
      outcome.turnOff
        ? { enabled: false, state: 'armed', offReason: outcome.reason, updatedAt: new Date() }
        : { state: outcome.back, updatedAt: new Date() },
    )
    .where(and(ofCrossing(userId, crossing), inArray(autoTopUps.state, ['buying', 'waiting'])));
}

/** The month (YYYY-MM) in which the monthly cap stopped a top-up before it was claimed. */
export async function markAutoTopUpCapped(db: DbOrTx, userId: string, month: string): Promise<void> {
  await db
    .update(autoTopUps)
    .set({ cappedMonth: month, updatedAt: new Date() })
    .where(and(eq(autoTopUps.userId, userId), sql`${autoTopUps.cappedMonth} is distinct from ${month}`));
}

/**
 * A `spent` top-up is armed again once the credits were seen at or above the threshold (`seen`: the
 * balance before a hold, or now).
 */
export async function rearmAutoTopUp(db: DbOrTx, userId: string, seen: number): Promise<void> {
  await db
    .update(autoTopUps)
    .set({ state: 'armed', updatedAt: new Date() })
    .where(
      and(
        eq(autoTopUps.userId, userId),
        eq(autoTopUps.state, 'spent'),
        sql`${autoTopUps.thresholdCredits} <= ${seen}`,
      ),
    );
}

/**
 * Users whose top-up is due: claimed longer than `leaseSeconds` ago (the process buying it died),
 * armed with credits below the threshold, or spent with credits back above it.
 */
export async function listDueAutoTopUps(db: DbOrTx, leaseSeconds: number, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ userId: autoTopUps.userId })
    .from(autoTopUps)
    .innerJoin(users, eq(users.id, autoTopUps.userId))
    .where(
      and(
        eq(autoTopUps.enabled, true),
        sql`((${autoTopUps.state} = 'buying' AND ${autoTopUps.updatedAt} < now() - make_interval(secs => ${leaseSeconds})) OR (${autoTopUps.state} = 'armed' AND ${users.credits} < ${autoTopUps.thresholdCredits})
          OR (${autoTopUps.state} = 'spent' AND ${users.credits} >= ${autoTopUps.thresholdCredits}))`,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.userId);
}

/** Money paid since `since` that counts toward the monthly cap: every payment but plan invoices. */
export async function spentSinceCents(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.userId, userId), ne(payments.kind, 'plan'), gte(payments.paidAt, since)));
  return Number(row?.total ?? 0);
}

/** Credits spent on jobs since `since`, net of the refunds of failed or cancelled jobs. */
export async function creditsSpentOnJobsSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(-sum(${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        eq(creditLedger.currency, 'credits'),
        gte(creditLedger.createdAt, since),
        sql`${creditLedger.reason} ~ '^(job|refund) '`,
      ),
    );
  return Math.max(0, Number(row?.total ?? 0));
}
