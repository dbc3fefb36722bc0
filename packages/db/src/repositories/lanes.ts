import { type Lane, laneChangeReason } from '@app/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../client.ts';
import { creditLedger, users } from '../schema/index.ts';
import type { UserRow } from '../schema/users.ts';

/**
 * A person's lane period: it begins at their plan's latest renewal (the latest plan or gift grant
 * on the ledger) and, without one, at the start of the month (UTC). Relax use this period orders
 * relax work and is what `/info` shows; it starts again from nothing at each renewal.
 * `userId` is an SQL expression naming the user's id.
 */
export function lanePeriodStartSql(userId: string): string {
  return `coalesce(
    (SELECT max(l.created_at) FROM credit_ledger l
      WHERE l.user_id = ${userId} AND l.delta > 0 AND (l.reason LIKE 'plan: %' OR l.reason LIKE 'gift: %')),
    date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;
}

/** The start of today (UTC), after which relax jobs count against a daily cap (never before the period). */
export const RELAX_DAY_START_SQL = `(date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;

/** Relax jobs that count as used: every one but those cancelled or failed (refunded work never ran). */
export const RELAX_COUNTED_SQL = `j.lane = 'relax' AND j.status NOT IN ('cancelled', 'failed')`;

export interface LaneUsage {
  periodStart: Date;
  spent: Record<'fast' | 'turbo', { credits: number; hypercredits: number }>;
  relax: { period: number; today: number };
}

/**
 * What a person spent in each lane this period: credits and hypercredits of their fast and turbo
 * jobs (refunded ones not counted), and their relax jobs this period and today.
 */
export async function laneUsageOf(db: DbOrTx, userId: string): Promise<LaneUsage> {
  const [row] = rowsOf<{
    period_start: Date | string;
    fast_credits: number;
    fast_hyper: number;
    turbo_credits: number;
    turbo_hyper: number;
    relax_period: number;
    relax_today: number;
  }>(
    await db.execute(
      sql.raw(`
      WITH p AS (SELECT ${lanePeriodStartSql(`'${uuidOnly(userId)}'::uuid`)} AS start)
      SELECT p.start AS period_start,
        coalesce(sum(j.cost_credits) FILTER (WHERE j.lane = 'fast' AND j.status NOT IN ('cancelled', 'failed')), 0)::int AS fast_credits,
        coalesce(sum(j.cost_hypercredits) FILTER (WHERE j.lane = 'fast' AND j.status NOT IN ('cancelled', 'failed')), 0)::int AS fast_hyper,
        coalesce(sum(j.cost_credits) FILTER (WHERE j.lane = 'turbo' AND j.status NOT IN ('cancelled', 'failed')), 0)::int AS turbo_credits,
        coalesce(sum(j.cost_hypercredits) FILTER (WHERE j.lane = 'turbo' AND j.status NOT IN ('cancelled', 'failed')), 0)::int AS turbo_hyper,
        count(*) FILTER (WHERE ${RELAX_COUNTED_SQL})::int AS relax_period,
        count(*) FILTER (WHERE ${RELAX_COUNTED_SQL} AND j.created_at >= ${RELAX_DAY_START_SQL})::int AS relax_today
      FROM p LEFT JOIN jobs j ON j.user_id = '${uuidOnly(userId)}'::uuid AND j.created_at >= p.start
      GROUP BY p.start`),
    ),
  );
  return {
    periodStart: new Date(row!.period_start),
    spent: {
      fast: { credits: Number(row!.fast_credits), hypercredits: Number(row!.fast_hyper) },
      turbo: { credits: Number(row!.turbo_credits), hypercredits: Number(row!.turbo_hyper) },
    },
    relax: { period: Number(row!.relax_period), today: Number(row!.relax_today) },
  };
}

/** A user id put into SQL text only after it is known to be a uuid. */
function uuidOnly(userId: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId))
    throw new TypeError('Not a user id');
  return userId;
}

export type LaneChange =
  | { kind: 'changed'; user: UserRow; from: Lane }
  | { kind: 'unchanged'; user: UserRow }
  | { kind: 'unknown-user' };

/**
 * Sets a person's default lane under their row lock, and writes the change to the ledger as a zero
 * entry (`lane fast → relax`) in the same transaction, so every change is on record for the person
 * and the operator. Choosing the lane already set changes and writes nothing. `idempotencyKey`
 * makes a repeated request (an interaction delivered twice) write once.
 */
export async function setUserLane(
  db: DbOrTx,
  input: { userId: string; lane: Lane; idempotencyKey: string; relaxWhenOut?: boolean },
): Promise<LaneChange> {
  return db.transaction(async (tx) => {
    const [locked] = rowsOf<{ lane: Lane; credits: number }>(
      await tx.execute(
        sql`select ${users.lane} as lane, ${users.credits} as credits from ${users} where ${users.id} = ${input.userId} for update`,
      ),
    );
    if (!locked) return { kind: 'unknown-user' as const };
    const [user] = await tx
      .update(users)
      .set({
        lane: input.lane,
        ...(input.relaxWhenOut !== undefined ? { relaxWhenOut: input.relaxWhenOut } : {}),
        updatedAt: new Date(),
      })
      .where(sql`${users.id} = ${input.userId}`)
      .returning();
    if (locked.lane === input.lane) return { kind: 'unchanged' as const, user: user! };
    const inserted = await tx
      .insert(creditLedger)
      .values({
        userId: input.userId,
        currency: 'credits',
        delta: 0,
        reason: laneChangeReason(locked.lane, input.lane),
        idempotencyKey: input.idempotencyKey,
        balanceAfter: Number(locked.credits),
      })
      .onConflictDoNothing()
      .returning({ id: creditLedger.id });
    // The same request again: its change is on record already.
    if (inserted.length === 0) return { kind: 'unchanged' as const, user: user! };
    return { kind: 'changed' as const, user: user!, from: locked.lane };
  });
}
