import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
