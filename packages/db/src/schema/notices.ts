import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A message to a user about their account (a failed renewal, a plan that lapsed), sent once per
 * key: the row is written before the message goes out and marked sent after, so a redelivered
 * webhook sends only what a crash left unsent.
 */
export const accountNotices = pgTable(
  'account_notices',
  {
    key: text('key').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** When a send was last started (the message may exist from then on). */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_notices_user_idx').on(table.userId)],
);

export type AccountNoticeRow = typeof accountNotices.$inferSelect;
