import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';

/*
 * Whole-database checks for fault tests: after any crash or outage, every job has ended once,
 * every balance is its ledger's sum, and every Discord result has its one post.
 */

async function rowsOf<T>(db: DbOrTx, statement: ReturnType<typeof sql>) {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

export interface JobOutcome {
  id: string;
  userId: string;
  status: string;
  /** Ledger entries keyed `refund:<jobId>…`. */
  refunds: number;
  /** Stored media of the job. */
  media: number;
}

/** Every job with its status, refund entries and media. */
export function jobOutcomes(db: DbOrTx): Promise<JobOutcome[]> {
  return rowsOf<JobOutcome>(
    db,
    sql`select j.id, j.user_id as "userId", j.status,
          (select count(*)::int from credit_ledger l where l.idempotency_key like 'refund:' || j.id || '%') as refunds,
          (select count(*)::int from media m where m.job_id = j.id) as media
        from jobs j`,
  );
}

/** Jobs in one of `statuses`, created (or finished) after a moment when given. */
export async function countJobsIn(
  db: DbOrTx,
  statuses: string[],
  after: { created?: Date; finished?: Date } = {},
): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from jobs where status in ${statuses}
          and created_at > ${after.created ?? new Date(0)}
          and (${after.finished ?? null}::timestamptz is null or finished_at > ${after.finished ?? null})`,
  );
  return row?.n ?? 0;
}

/** Users whose credits or hypercredits differ from the sum of their ledger. */
export function balancesOffTheLedger(db: DbOrTx): Promise<{ id: string }[]> {
  return rowsOf<{ id: string }>(
    db,
    sql`select u.id from users u where
          u.credits <> coalesce((select sum(delta) from credit_ledger l where l.user_id = u.id and currency = 'credits'), 0)
       or u.hypercredits <> coalesce((select sum(delta) from credit_ledger l where l.user_id = u.id and currency = 'hypercredits'), 0)`,
  );
}

/** Every Discord delivery: its job, state and posted message. */
export function discordDeliveryStates(
  db: DbOrTx,
): Promise<{ jobId: string; state: string; messageId: string | null }[]> {
  return rowsOf(db, sql`select job_id as "jobId", state, message_id as "messageId" from discord_deliveries`);
}

/** Ends every other session of the current database, as an operator's `pg_terminate_backend` would. */
export async function terminateOtherSessions(db: DbOrTx): Promise<number> {
  const rows = await rowsOf<{ ended: boolean }>(
    db,
    sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return rows.filter((row) => row.ended).length;
}
