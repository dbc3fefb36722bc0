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

/**
 * `HIT` for several keys in one statement: each key with its number of hits. The keys are taken in
 * sorted order, so two such statements running at once lock their rows in the same order and
 * cannot deadlock.
 */
const HIT_MANY = `
  INSERT INTO rate_limits AS r (key, count, reset_at)
  SELECT t.key, t.hits, now() + t.window_ms * interval '1 millisecond'
  FROM unnest($1::text[], $2::int[], $3::int[]) AS t (key, hits, window_ms)
  ORDER BY t.key
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN r.reset_at <= now() THEN excluded.count ELSE r.count + excluded.count END,
    reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
  RETURNING key, count, reset_at AS "resetAt",
    greatest(0, ceil(extract(epoch from reset_at - now()) * 1000))::float8 AS "ttlMs"`;

export interface RateLimitRequest {
  key: string;
  windowMs: number;
}

/**
 * Counts one hit for each request, in one statement however many there are: requests on the same
 * key take consecutive counts in their order, as if they had come one by one. Each answer is
 * the request's own (`count` this hit included), in the order asked. Now and then it also deletes
 * expired rows, as `hit` does.
 */
export async function hitMany(
  db: DbOrTx,
  requests: readonly RateLimitRequest[],
  random: () => number = Math.random,
): Promise<RateLimitHit[]> {
  if (requests.length === 0) return [];
  const byKey = new Map<string, { hits: number; windowMs: number }>();
  for (const { key, windowMs } of requests) {
    const entry = byKey.get(key);
    if (entry) entry.hits++;
    else byKey.set(key, { hits: 1, windowMs: Math.max(1, Math.trunc(windowMs)) });
  }
  const keys = [...byKey.keys()];
  const rows = await runStatement<{ key: string; count: number; resetAt: string | Date; ttlMs: number }>(
    db,
    'rate-limit-hit-many',
    HIT_MANY,
    [keys, keys.map((key) => byKey.get(key)!.hits), keys.map((key) => byKey.get(key)!.windowMs)],
  );
  const rowOf = new Map(rows.map((row) => [row.key, row]));
  // The first request on a key gets the lowest of its counts.
  const next = new Map(rows.map((row) => [row.key, Number(row.count) - byKey.get(row.key)!.hits + 1]));
  const answers = requests.map(({ key }) => {
    const row = rowOf.get(key);
    if (!row) throw new Error(`Rate limit hit on ${key} returned no row`);
    const count = next.get(key)!;
    next.set(key, count + 1);
    return { count, resetAt: new Date(row.resetAt), ttlMs: Number(row.ttlMs) };
  });
  if (random() * CLEANUP_EVERY < requests.length) await deleteExpiredRateLimits(db);
  return answers;
}

/**
 * Hits gathered while the process is busy and counted together: every hit asked for in one turn
 * of the event loop (the requests that arrived together) goes to the database in one statement
 * once that turn is over, so a rush costs a round trip per turn, not one per request, and each
 * request still gets its exact count. A failed statement fails every hit it carried.
 */
export function rateLimitBatcher(
  db: DbOrTx,
  count: typeof hitMany = hitMany,
): (request: RateLimitRequest) => Promise<RateLimitHit> {
  let pending: {
    request: RateLimitRequest;
    resolve(hit: RateLimitHit): void;
    reject(error: unknown): void;
  }[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    count(
      db,
      batch.map((entry) => entry.request),
    ).then(
      (hits) => batch.forEach((entry, index) => entry.resolve(hits[index]!)),
      (error: unknown) => batch.forEach((entry) => entry.reject(error)),
    );
  };
  return (request) =>
    new Promise<RateLimitHit>((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ request, resolve, reject });
    });
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
