import { bigserial, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The generation hosts every worker and API process sees alike: whether each answers, what it last
 * failed with and how many jobs it finished. Which slots are busy is not stored: a worker holds a
 * session advisory lock per busy slot, so a worker that dies frees its slots with its connection.
 */
export const fleetHosts = pgTable('fleet_hosts', {
  /** The host's address without credentials (`http://gpu-a:7860`). */
  host: text('host').primaryKey(),
  provider: text('provider').notNull(),
  families: jsonb('families').$type<string[]>().notNull(),
  slots: integer('slots').notNull().default(1),
  /** The host's part of its slot locks' key (26 bits of a hash of `host`). */
  lockKey: integer('lock_key').notNull(),
  status: text('status', { enum: ['up', 'down'] })
    .notNull()
    .default('up'),
  downSince: timestamp('down_since', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  jobsDone: integer('jobs_done').notNull().default(0),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type FleetHostRow = typeof fleetHosts.$inferSelect;

/**
 * What happened on each host, kept for the admin overview's utilization and failures over time:
 * `attempt` (a job's attempt ran on one slot for `busy_seconds`, ending with `outcome`), `fault` (the
 * host failed an attempt or a probe and left rotation) and `up` (it answered again).
 */
export const fleetHostEvents = pgTable(
  'fleet_host_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    host: text('host').notNull(),
    kind: text('kind', { enum: ['attempt', 'fault', 'up'] }).notNull(),
    family: text('family'),
    jobId: uuid('job_id'),
    outcome: text('outcome'),
    busySeconds: real('busy_seconds').notNull().default(0),
    error: text('error'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('fleet_host_events_at_idx').on(table.at),
    index('fleet_host_events_host_idx').on(table.host, table.at),
  ],
);

export type FleetHostEventRow = typeof fleetHostEvents.$inferSelect;
