import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { rateLimits } from './schema/rate-limits.ts';

export interface RateLimitHit {
  /** Hits on the key in its current window, this one included. */
  count: number;
  /** When the current window ends. */
  resetAt: Date;
  /** Milliseconds until the window ends, by the database's clock. */
  ttlMs: number;
}

/** Expired rows are swept on about one hit in this many. */
const CLEANUP_EVERY = 100;

/**
 * Counts one hit on `key` in a fixed window of `windowMs`, in one atomic statement: the first hit
 * (or the first after the window ended) starts a window at 1, every other adds one. Concurrent hits
 * from any number of processes each get their own count. Now and then it also deletes expired rows.
 */
export async function hit(
  db: DbOrTx,
  { key, windowMs, random = Math.random }: { key: string; windowMs: number; random?: () => number },
): Promise<RateLimitHit> {
  const expired = sql`${rateLimits.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({
      key,
      count: 1,
      resetAt: sql`now() + ${Math.max(1, Math.trunc(windowMs))}::integer * interval '1 millisecond'`,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      resetAt: rateLimits.resetAt,
      ttlMs: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimits.resetAt} - now()) * 1000))`.mapWith(
        Number,
      ),
    });
  if (!row) throw new Error(`Rate limit hit on ${key} returned no row`);
  if (random() * CLEANUP_EVERY < 1) await deleteExpiredRateLimits(db);
  return row;
}

/** The live counts of those keys (keys without a running window are left out); changes nothing. */
export async function peekRateLimits(db: DbOrTx, keys: string[]): Promise<RateLimitHit[]> {
  if (keys.length === 0) return [];
  return db
    .select({
      count: rateLimits.count,
      resetAt: rateLimits.resetAt,
      ttlMs: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimits.resetAt} - now()) * 1000))`.mapWith(
        Number,
      ),
    })
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, keys), gt(rateLimits.resetAt, sql`now()`)));
}

/** Takes one hit back from a running window (it turned out not to count); never below zero. */
export async function unhit(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)));
}

/** Deletes every counter whose window has ended; returns how many. */
export async function deleteExpiredRateLimits(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(lte(rateLimits.resetAt, sql`now()`))
    .returning({ key: rateLimits.key });
  return rows.length;
}
