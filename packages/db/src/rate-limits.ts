import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { type DbOrTx, runStatement } from './client.ts';
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
const HIT = `
  INSERT INTO rate_limits (key, count, reset_at)
  VALUES ($1::text, 1, now() + $2::integer * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
    reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
  RETURNING count, reset_at AS "resetAt",
    greatest(0, ceil(extract(epoch from reset_at - now()) * 1000))::float8 AS "ttlMs"`;

export async function hit(
  db: DbOrTx,
  { key, windowMs, random = Math.random }: { key: string; windowMs: number; random?: () => number },
): Promise<RateLimitHit> {
  // One statement on every limited request: prepared.
  const [row] = await runStatement<RateLimitHit>(db, 'rate-limit-hit', HIT, [
    key,
    Math.max(1, Math.trunc(windowMs)),
  ]);
  if (!row) throw new Error(`Rate limit hit on ${key} returned no row`);
  if (random() * CLEANUP_EVERY < 1) await deleteExpiredRateLimits(db);
  return { count: Number(row.count), resetAt: new Date(row.resetAt), ttlMs: Number(row.ttlMs) };
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
