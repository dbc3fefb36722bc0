import { type Database, type DbOrTx, rowsOf } from '@app/db';
import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';

/**
 * Every statement of ours on the queue's own tables (pg-boss's schema `pgboss`) lives in this one
 * module. pg-boss's API covers sending, completing, failing and supervising an entry; the dispatch
 * claim, a submission's one-statement insert, a hand-back fenced to its attempt and a cancel's
 * lock order need SQL of our own on its tables. They were written against its schema version
 * `QUEUE_SCHEMA_VERSION`, which the queue checks at start-up (`checkQueueSchema`), and
 * `queue-store.test.ts` runs each of them against the pg-boss that is installed, so an upgrade
 * that changes the tables fails there and at start-up, never silently.
 */

/** The version of pg-boss's schema these statements were written for (pg-boss 12.35). */
export const QUEUE_SCHEMA_VERSION = 43;

/** Refuses to run on a queue schema these statements were not written for, in one line. */
export async function checkQueueSchema(boss: PgBoss): Promise<void> {
  const version = await boss.schemaVersion();
  if (version !== QUEUE_SCHEMA_VERSION)
    throw new Error(
      `The queue's schema is version ${version ?? 'missing'}, but this release's queue statements were written for version ${QUEUE_SCHEMA_VERSION}; install the pg-boss version in the lockfile (npm ci).`,
    );
}

/**
 * The dispatch claim in one statement: whether the slot's host is in rotation (the shared state
 * another process may have changed a moment ago), the best waiting entry of the family's queue in
 * dispatch order (rank, then age; at least rank `$7` when given: a claim made ahead of a slot's
 * end takes no relax job) whose owner is under their class's running limit, taken for
 * this attempt as the queue itself takes one (its state, start and heartbeat, so the queue's
 * heartbeats, completion, failure and supervision work on it unchanged), and the job row marked
 * running. Once it has committed, the job is announced as running to every listening process (the
 * studio, the bot), outside the claim's transaction (`notifyAfterCommit`). Prepared: planned once
 * per connection.
 */
export const CLAIM = `
  WITH host AS (
    SELECT CASE WHEN $3::text IS NULL THEN true
      ELSE coalesce((SELECT status = 'up' FROM fleet_hosts WHERE host = $3::text), false) END AS up
  ),
  running AS MATERIALIZED (
    SELECT coalesce(jsonb_object_agg(group_id, n), '{}'::jsonb) AS counts
    FROM (
      SELECT group_id, count(*)::int AS n FROM pgboss.job
      WHERE name = $1 AND state = 'active' AND group_id IS NOT NULL
      GROUP BY group_id
    ) per_person
  ),
  next AS (
    SELECT j.id FROM pgboss.job j
    WHERE (SELECT up FROM host)
      AND j.name = $1 AND j.state < 'active' AND NOT j.blocked
      AND j.start_after <= pgboss.job_now()
      AND ($7::int IS NULL OR j.priority >= $7::int)
      AND (j.group_id IS NULL
        OR coalesce(((SELECT counts FROM running) ->> j.group_id)::int, 0)
          < coalesce(($2::jsonb ->> j.group_tier)::int, $4::int))
    ORDER BY j.priority DESC, j.created_on
    LIMIT 1
    FOR UPDATE OF j SKIP LOCKED
  ),
  claimed AS (
    UPDATE pgboss.job j SET
      state = 'active',
      started_on = pgboss.job_now(),
      heartbeat_on = pgboss.job_now(),
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

/** The statement of `unclaimJob`: the entry waiting again, the job queued again. */
export const UNCLAIM = `
  WITH entry AS (
    UPDATE pgboss.job SET state = 'created', started_on = NULL, heartbeat_on = NULL
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

/**
 * A new job's queue entry inside the submission's statement (`submission.ts`, its CTE `queued`),
 * written as pg-boss's own `send` writes one: its columns, and the queue's retry, expiry, retention
 * and dead-letter settings. `$19` is the queue's name, `$20` the person's class (group tier); the
 * CTE `job` is the new job's row.
 */
export const QUEUE_ENTRY_OF_NEW_JOB = `queued AS (
    INSERT INTO pgboss.job (id, name, data, priority, start_after, created_on, group_id, group_tier,
      expire_seconds, deletion_seconds, keep_until, retry_limit, retry_delay, retry_backoff,
      retry_delay_max, policy, dead_letter, heartbeat_seconds)
    SELECT job.queue_job_id::uuid, q.name, jsonb_build_object('jobId', job.id), job.priority,
      pgboss.job_now(), pgboss.job_now(),
      CASE WHEN job.lane = 'relax' THEN job.user_id::text || ':relax' ELSE job.user_id::text END, $20::text,
      q.expire_seconds, q.deletion_seconds, pgboss.job_now() + q.retention_seconds * interval '1s',
      q.retry_limit, q.retry_delay, q.retry_backoff, q.retry_delay_max, q.policy, q.dead_letter,
      q.heartbeat_seconds
    FROM job JOIN pgboss.queue q ON q.name = $19::text
    RETURNING id
  ),`;

/** Whether the queue named `$19` wants a NOTIFY for a new entry (pg-boss's `notify` option). */
export const QUEUE_WAKES = `(SELECT q.notify FROM pgboss.queue q WHERE q.name = $19::text)`;

/**
 * Puts a fetched attempt back in the queue at once, in its old place, without counting it as an
 * attempt. pg-boss's `restore()` is not fenced to an attempt; this is, like `complete()` and
 * `fail()`. True when it was put back.
 */
export async function handBackEntry(
  boss: PgBoss,
  queueName: string,
  attempt: { id: string; retryCount: number },
): Promise<boolean> {
  const result = await boss.getDb().executeSql(
    `UPDATE pgboss.job SET state = 'created', started_on = NULL, heartbeat_on = NULL, start_after = now()
       WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $3 RETURNING id`,
    [queueName, attempt.id, attempt.retryCount],
  );
  return result.rows.length > 0;
}

/**
 * Locks a job's queue entry inside the caller's transaction, waiting for a dispatch claim that
 * holds it (see `endQueuedJob`).
 */
export async function lockEntry(tx: DbOrTx, queueName: string, queueJobId: string): Promise<void> {
  await tx.execute(
    sql`SELECT 1 FROM pgboss.job WHERE name = ${queueName} AND id = ${queueJobId}::uuid FOR UPDATE`,
  );
}

/** The state of one entry (`created`, `active`, `cancelled`, …); null when there is none. */
export async function entryState(db: DbOrTx, queueJobId: string): Promise<string | null> {
  const [row] = rowsOf<{ state: string }>(
    await db.execute(sql`SELECT state FROM pgboss.job WHERE id = ${queueJobId}::uuid`),
  );
  return row?.state ?? null;
}

/**
 * For the fleet bench's plain FIFO dispatcher: an entry at the lowest priority and in no group,
 * so the queue hands entries out in arrival order only.
 */
export async function flattenEntry(database: Database, queueJobId: string): Promise<void> {
  await database.prepared(
    'fifo-entry',
    'UPDATE pgboss.job SET priority = 0, group_id = NULL, group_tier = NULL WHERE id = $1::uuid',
    [queueJobId],
  );
}
