import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { creditLedger, jobs } from '../schema/index.ts';

export interface LedgerEntry {
  id: number;
  currency: 'credits' | 'hypercredits';
  delta: number;
  reason: string;
  createdAt: Date;
  /** Both balances just after this change. */
  credits: number;
  hypercredits: number;
  /** The job this charge or refund belongs to, when it belongs to one. */
  jobId: string | null;
}

/** The latest balance of one currency at or before this entry (0 before the first change). */
const balanceAt = (currency: 'credits' | 'hypercredits') =>
  sql<number>`coalesce((
    select later.balance_after from credit_ledger as later
    where later.user_id = ${creditLedger.userId}
      and later.currency = ${currency}
      and later.id <= ${creditLedger.id}
    order by later.id desc limit 1
  ), 0)`.mapWith(Number);

/**
 * A job's hold is keyed by its source and request id (`job:studio:<id>`, with `:n` for a second
 * currency) and its refund by its id (`refund:<job id>`): that is how an entry finds its job.
 */
const jobOfEntry = or(
  eq(creditLedger.idempotencyKey, sql`'job:' || ${jobs.source} || ':' || ${jobs.requestId}`),
  sql`starts_with(${creditLedger.idempotencyKey}, 'job:' || ${jobs.source} || ':' || ${jobs.requestId} || ':')`,
  eq(creditLedger.idempotencyKey, sql`'refund:' || ${jobs.id}::text`),
  sql`starts_with(${creditLedger.idempotencyKey}, 'refund:' || ${jobs.id}::text || ':')`,
);

/** One user's ledger, newest first, `limit` entries older than `before` (an entry id). */
export async function listLedgerEntries(
  db: DbOrTx,
  options: { userId: string; before?: number; limit: number },
): Promise<{ entries: LedgerEntry[]; nextBefore: number | null }> {
  const rows = await db
    .select({
      id: creditLedger.id,
      currency: creditLedger.currency,
      delta: creditLedger.delta,
      reason: creditLedger.reason,
      createdAt: creditLedger.createdAt,
      credits: balanceAt('credits'),
      hypercredits: balanceAt('hypercredits'),
      jobId: jobs.id,
    })
    .from(creditLedger)
    .leftJoin(jobs, and(eq(jobs.userId, creditLedger.userId), jobOfEntry))
    .where(
      and(
        eq(creditLedger.userId, options.userId),
        options.before === undefined ? undefined : lt(creditLedger.id, options.before),
      ),
    )
    .orderBy(desc(creditLedger.id))
    .limit(options.limit + 1);
  const entries = rows.slice(0, options.limit);
  return {
    entries,
    nextBefore: rows.length > options.limit ? entries[entries.length - 1]!.id : null,
  };
}
