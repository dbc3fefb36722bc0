import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { jobs } from './generation.ts';
import { users } from './users.ts';

/**
 * The moderation queue: a refused prompt, a report of a creation, a pause that refusals started,
 * or a person's appeal of a refusal ("this was a mistake"). `subject_user_id` is the person
 * concerned; a report's reporter is never shown to them.
 */
export const moderationItems = pgTable(
  'moderation_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['refusal', 'report', 'pause', 'appeal'] }).notNull(),
    subjectUserId: uuid('subject_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    category: text('category'),
    prompt: text('prompt'),
    reason: text('reason'),
    /** `studio`, `discord`, `web`. */
    source: text('source'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    /** A refusal a moderator found wrong (its appeal upheld): it no longer counts toward a pause. */
    overturnedAt: timestamp('overturned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('moderation_items_status_idx').on(table.status, table.createdAt),
    index('moderation_items_subject_idx').on(table.subjectUserId, table.kind, table.createdAt),
    // One report per reporter and creation.
    uniqueIndex('moderation_items_one_report')
      .on(table.reporterId, table.jobId)
      .where(sql`${table.kind} = 'report'`),
    // One appeal per refusal.
    uniqueIndex('moderation_items_one_appeal')
      .on(sql`(${table.details}->>'refusalId')`)
      .where(sql`${table.kind} = 'appeal'`),
  ],
);
export type ModerationItemRow = typeof moderationItems.$inferSelect;

/** What a moderator did to a person or a creation; an undo stamps `undone_at` (and is audited). */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action', { enum: ['hide', 'warn', 'pause', 'ban'] }).notNull(),
    subjectUserId: uuid('subject_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    until: timestamp('until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: uuid('undone_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('moderation_actions_subject_idx').on(table.subjectUserId, table.createdAt)],
);
export type ModerationActionRow = typeof moderationActions.$inferSelect;

/** Admin-defined terms refused in every prompt, with the category the refusal names. */
export const blocklistTerms = pgTable(
  'blocklist_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    term: text('term').notNull(),
    category: text('category').notNull(),
    /** Matched inside words too ("kill" in "skills"); otherwise as whole words only. */
    substring: boolean('substring').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('blocklist_terms_term_unique').on(sql`lower(${table.term})`)],
);
export type BlocklistTermRow = typeof blocklistTerms.$inferSelect;
