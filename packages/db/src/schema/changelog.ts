import { pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const changelogEntries = pgTable('changelog_entries', {
  id: serial('id').primaryKey(),
  /** The detail page finds an entry by its title, so titles are unique. */
  title: text('title').notNull().unique(),
  changeDate: text('change_date').notNull(),
  /** Sanitized HTML. */
  changeText: text('change_text').notNull(),
  backgroundColor: text('background_color').notNull().default('#FFFFFF'),
  authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
