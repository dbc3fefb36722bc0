import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { JOB_FAMILIES } from '@app/domain';
import { users } from './users.ts';

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * One generation job: what was asked, what it cost and where it stands. The hold on the balance is
 * taken in the transaction that inserts the row; `(source, request_id)` makes a retried submission
 * (a Discord interaction delivered twice, a double-clicked button) find the same job.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    command: text('command').notNull(),
    family: text('family', { enum: JOB_FAMILIES }).notNull(),
    options: jsonb('options').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    priority: integer('priority').notNull().default(0),
    /** The person's plan when the job was submitted (`free` without one): queue waits are read by plan. */
    plan: text('plan'),
    provider: text('provider'),
    /** The backend's own id (a ComfyUI prompt id), so a restarted worker resumes instead of resubmitting. */
    externalId: text('external_id'),
    /** The queue's id for this job, to cancel it there. */
    queueJobId: text('queue_job_id'),
    attempts: integer('attempts').notNull().default(0),
    progress: real('progress').notNull().default(0),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** The lane it ran in: `fast` (its price), `relax` (free, idle capacity) or `turbo` (twice, first). */
    lane: text('lane', { enum: ['fast', 'relax', 'turbo'] })
      .notNull()
      .default('fast'),
    /** It ran in relax because the balance could not pay for it in the person's lane (their setting). */
    autoRelaxed: boolean('auto_relaxed').notNull().default(false),
    costCredits: integer('cost_credits').notNull().default(0),
    costHypercredits: integer('cost_hypercredits').notNull().default(0),
    public: boolean('public').notNull().default(true),
    /**
     * `mature` for results made in the horror channels or flagged by the prompt check: never shown
     * to signed-out visitors or under-18s, shown to adults as they chose (blurred by default).
     */
    contentLevel: text('content_level', { enum: ['general', 'mature'] })
      .notNull()
      .default('general'),
    source: text('source').notNull(),
    requestId: text('request_id').notNull(),
    parentJobId: uuid('parent_job_id').references((): AnyPgColumn => jobs.id, { onDelete: 'set null' }),
    /** Hidden by a moderator: gone from the gallery, its page and media, until undone. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** A caption or other short text answer. */
    resultText: text('result_text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('jobs_source_request_idx').on(table.source, table.requestId),
    index('jobs_user_created_idx').on(table.userId, table.createdAt),
    index('jobs_status_idx').on(table.status, table.createdAt),
    index('jobs_public_finished_idx').on(table.public, table.status, table.finishedAt),
    index('jobs_created_idx').on(table.createdAt),
    // Where a family's queued jobs stand (positions, in dispatch order) and how long its latest
    // took: read for every answer that shows a queued job.
    index('jobs_queued_order_idx')
      .on(table.family, table.priority.desc(), table.createdAt)
      .where(sql`${table.status} = 'queued'`),
    // A person's queued and running jobs, counted on every submission (their limit and round):
    // only those, however many finished jobs they have.
    index('jobs_active_user_idx')
      .on(table.userId, table.family)
      .where(sql`${table.status} in ('queued', 'running')`),
    index('jobs_succeeded_idx')
      .on(table.family, table.finishedAt.desc())
      .where(sql`${table.status} = 'succeeded'`),
    // A family's running jobs, and its latest arrivals newest first (their pace), read with the
    // positions.
    index('jobs_running_idx')
      .on(table.family, table.startedAt)
      .where(sql`${table.status} = 'running'`),
    index('jobs_family_created_idx').on(table.family, table.createdAt),
    // A person's relax jobs since their period began: counted at every relax submission.
    index('jobs_user_relax_idx')
      .on(table.userId, table.createdAt)
      .where(sql`${table.lane} = 'relax'`),
    check('jobs_cost_non_negative', sql`${table.costCredits} >= 0 and ${table.costHypercredits} >= 0`),
    check('jobs_content_level_check', sql`${table.contentLevel} in ('general', 'mature')`),
    check('jobs_lane_check', sql`${table.lane} in ('fast', 'relax', 'turbo')`),
    check(
      'jobs_family_known',
      sql`${table.family} in (${sql.join(
        JOB_FAMILIES.map((family) => sql.raw(`'${family}'`)),
        sql`, `,
      )})`,
    ),
  ],
);

/**
 * The queued jobs of each family at each rank, kept by triggers on `jobs` (migration 0024) in the
 * transaction that queues or dequeues a job; one row per database connection (`stripe`, its
 * backend's process id, or 0 for connections that have ended), so that writers never share a row.
 */
export const queuedJobCounts = pgTable(
  'queued_job_counts',
  {
    family: text('family').notNull(),
    priority: integer('priority').notNull(),
    stripe: integer('stripe').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.family, table.priority, table.stripe] })],
);

/** The files a job made; `(job_id, index)` is unique so a re-run replaces, never adds. */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    kind: text('kind', { enum: ['image', 'video', 'audio', 'model'] }).notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('media_job_index_idx').on(table.jobId, table.index)],
);

/** Files a user sent for a later job (attachments of the studio), checked by their bytes. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('uploads_user_idx').on(table.userId, table.createdAt)],
);

export const loras = pgTable(
  'loras',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Case-sensitive, as typed after -lora. */
    name: text('name').notNull(),
    status: text('status', { enum: ['training', 'ready', 'failed'] })
      .notNull()
      .default('training'),
    /** What the provider needs to apply the model (a file name, a path, or style data). */
    reference: text('reference'),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('loras_user_name_idx').on(table.userId, table.name)],
);

export const loves = pgTable(
  'loves',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.userId] })],
);

export type JobRow = typeof jobs.$inferSelect;
export type MediaRow = typeof media.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type LoraRow = typeof loras.$inferSelect;
