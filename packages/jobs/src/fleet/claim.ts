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

/** The queue's schema (pg-boss's tables) and its table holding every family's entries. */
const QUEUE_SCHEMA = 'pgboss';
const QUEUE_TABLE = 'job';

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

/**
 * The dispatch claim in one statement: whether the slot's host is in rotation (the shared state
 * another process may have changed a moment ago), the best waiting entry of the family's queue in
 * dispatch order (rank, then age) whose owner is under their class's running limit, taken for
 * this attempt as the queue itself takes one (its state, start and heartbeat, so the queue's
 * heartbeats, completion, failure and supervision work on it unchanged), and the job row marked
 * running. Once it has committed, the job is announced as running to every listening process (the
 * studio, the bot), outside the claim's transaction (`notifyAfterCommit`). Prepared: planned once
 * per connection.
 */
const CLAIM = `
  WITH host AS (
    SELECT CASE WHEN $3::text IS NULL THEN true
      ELSE coalesce((SELECT status = 'up' FROM fleet_hosts WHERE host = $3::text), false) END AS up
  ),
  running AS MATERIALIZED (
    SELECT coalesce(jsonb_object_agg(group_id, n), '{}'::jsonb) AS counts
    FROM (
      SELECT group_id, count(*)::int AS n FROM ${QUEUE_SCHEMA}.${QUEUE_TABLE}
      WHERE name = $1 AND state = 'active' AND group_id IS NOT NULL
      GROUP BY group_id
    ) per_person
  ),
  next AS (
    SELECT j.id FROM ${QUEUE_SCHEMA}.${QUEUE_TABLE} j
    WHERE (SELECT up FROM host)
      AND j.name = $1 AND j.state < 'active' AND NOT j.blocked
      AND j.start_after <= ${QUEUE_SCHEMA}.job_now()
      AND (j.group_id IS NULL
        OR coalesce(((SELECT counts FROM running) ->> j.group_id)::int, 0)
          < coalesce(($2::jsonb ->> j.group_tier)::int, $4::int))
    ORDER BY j.priority DESC, j.created_on
    LIMIT 1
    FOR UPDATE OF j SKIP LOCKED
  ),
  claimed AS (
    UPDATE ${QUEUE_SCHEMA}.${QUEUE_TABLE} j SET
      state = 'active',
      started_on = ${QUEUE_SCHEMA}.job_now(),
      heartbeat_on = ${QUEUE_SCHEMA}.job_now(),
      retry_count = CASE WHEN started_on IS NOT NULL THEN retry_count + 1 ELSE retry_count END
    FROM next
    WHERE j.name = $1 AND j.id = next.id
    RETURNING j.id, j.retry_count, j.retry_limit, j.data ->> 'jobId' AS job_id
  ),
  started AS (
    UPDATE jobs SET
      status = 'running',
      provider = $5,
      attempts = attempts + 1,
      started_at = coalesce(started_at, now()),
      updated_at = now()
    FROM claimed
    WHERE jobs.id = claimed.job_id::uuid AND jobs.status = ANY($6::text[])
    RETURNING jobs.*
  )
  SELECT (SELECT up FROM host) AS host_up, claimed.id, claimed.retry_count, claimed.retry_limit,
    claimed.job_id, (SELECT to_jsonb(started.*) FROM started) AS job
  FROM (SELECT 1) AS one LEFT JOIN claimed ON true`;

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
  input: { host?: string; provider: string },
): Promise<ClaimOutcome> {
  const [row] = await database.prepared<ClaimRow>('dispatch-claim', CLAIM, [
    QUEUE_NAMES[family],
    JSON.stringify(RUNNING_LIMITS.tiers),
    input.host ?? null,
    RUNNING_LIMITS.default,
    input.provider,
    ACTIVE_STATUSES,
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
 * once that has committed.
 * Fenced to the attempt, like completion: a claim the queue already gave to another worker is left
 * alone. True when it was given back.
 */
const UNCLAIM = `
  WITH entry AS (
    UPDATE ${QUEUE_SCHEMA}.${QUEUE_TABLE} SET state = 'created', started_on = NULL, heartbeat_on = NULL
    WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $3
    RETURNING id
  ),
  waiting AS (
    UPDATE jobs SET
      status = 'queued',
      attempts = attempts - 1,
      started_at = CASE WHEN attempts <= 1 THEN NULL ELSE started_at END,
      updated_at = now()
    FROM entry
    WHERE jobs.id = $4::uuid AND jobs.status = 'running'
    RETURNING jobs.id, jobs.user_id, jobs.progress
  )
  SELECT (SELECT count(*) FROM entry)::int AS entries,
    (SELECT to_jsonb(waiting.*) FROM waiting) AS waiting`;

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
