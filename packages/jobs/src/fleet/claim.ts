import {
  ACTIVE_STATUSES,
  type Database,
  JOB_EVENTS_CHANNEL,
  type JobEvent,
  type JobRow,
  jobFromJson,
  notifyAfterCommit,
} from '@app/db';
import type { JobFamily } from '@app/generation';
import { QUEUE_NAMES, type QueueAttempt, RUNNING_LIMITS } from '../queue.ts';
import { CLAIM, UNCLAIM } from '../queue-store.ts';

/** A queue entry taken for one attempt, with its job already marked running. */
export interface Claim {
  attempt: QueueAttempt & { retryLimit: number };
  jobId: string;
  /** The job as it starts this attempt; null when it had ended (cancelled while queued, or done). */
  job: JobRow | null;
}

export type ClaimOutcome =
  | { kind: 'claimed'; claim: Claim }
  | { kind: 'empty' }
  /** The host is out of rotation as every process sees it now: nothing was taken. */
  | { kind: 'host-down' };

interface ClaimRow {
  host_up: boolean;
  id: string | null;
  retry_count: number | null;
  retry_limit: number | null;
  job_id: string | null;
  job: Record<string, unknown> | null;
}

/** Takes the next job of `family` for a slot of `host` (none: a local slot) in one round trip. */
export async function claimNextJob(
  database: Database,
  family: JobFamily,
  input: { host?: string; provider: string; minRank?: number },
): Promise<ClaimOutcome> {
  const [row] = await database.prepared<ClaimRow>('dispatch-claim', CLAIM, [
    QUEUE_NAMES[family],
    JSON.stringify(RUNNING_LIMITS.tiers),
    input.host ?? null,
    RUNNING_LIMITS.default,
    input.provider,
    ACTIVE_STATUSES,
    input.minRank ?? null,
  ]);
  if (!row?.host_up) return { kind: 'host-down' };
  if (!row.id || !row.job_id) return { kind: 'empty' };
  const job = row.job ? jobFromJson(row.job) : null;
  if (job)
    announce(database, { jobId: job.id, userId: job.userId, status: job.status, progress: job.progress });
  return {
    kind: 'claimed',
    claim: {
      attempt: { id: row.id, retryCount: Number(row.retry_count), retryLimit: Number(row.retry_limit) },
      jobId: row.job_id,
      job,
    },
  };
}

/** A job event of a claim or its return, sent once its statement has committed. */
function announce(database: Database, event: JobEvent): void {
  notifyAfterCommit(database.db, [{ channel: JOB_EVENTS_CHANNEL, payload: JSON.stringify(event) }]);
}

/**
 * Gives back a claim that never ran (taken ahead for a slot that then could not use it): the queue
 * entry is waiting again in its old place and the job is queued as before the claim, announced so
 * once that has committed. Fenced to the attempt, like completion: a claim the queue already gave
 * to another worker is left alone. True when it was given back.
 */

export async function unclaimJob(database: Database, family: JobFamily, claim: Claim): Promise<boolean> {
  const [row] = await database.prepared<{
    entries: number;
    waiting: { id: string; user_id: string; progress: number } | null;
  }>('dispatch-unclaim', UNCLAIM, [
    QUEUE_NAMES[family],
    claim.attempt.id,
    claim.attempt.retryCount,
    claim.jobId,
  ]);
  const waiting = row?.waiting;
  if (waiting)
    announce(database, {
      jobId: waiting.id,
      userId: waiting.user_id,
      status: 'queued',
      progress: Number(waiting.progress),
    });
  return Number(row?.entries) > 0;
}
