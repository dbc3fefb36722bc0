import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    discordId: text('discord_id').unique(),
    discordName: text('discord_name').notNull(),
    email: text('email'),
    stripeCustomerId: text('stripe_customer_id').unique(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    subscriptionStatus: text('subscription_status').notNull().default('free'),
    /** '0' while the plan renews; otherwise the plan is set to end and can be renewed. */
    cancelFlag: text('cancel_flag').notNull().default('0'),
    /** Below zero only after a refund or a lost dispute took back credits already spent. */
    credits: integer('credits').notNull().default(0),
    hypercredits: integer('hypercredits').notNull().default(0),
    /** The aspect flag (`-wide`, …) added to the person's image prompts that name none; null: square. */
    defaultAspect: text('default_aspect'),
    /** The `-loraweight` added when a prompt names a LoRA without one; null: the registry's default. */
    defaultLoraWeight: real('default_lora_weight'),
    /** New creations start private (where the plan allows it). */
    privateByDefault: boolean('private_by_default').notNull().default(false),
    /** How mature creations show to this adult: `show`, `blur` (the default) or `hide`. */
    matureDisplay: text('mature_display', { enum: ['show', 'blur', 'hide'] })
      .notNull()
      .default('blur'),
    /** Remix: Vary, Zoom and Pan first open the prompt to edit. */
    remix: boolean('remix').notNull().default(false),
    /** The lane the person's jobs run in by default: `fast`, `relax` or `turbo` (what the plan offers). */
    lane: text('lane', { enum: ['fast', 'relax', 'turbo'] })
      .notNull()
      .default('fast'),
    /** A job that the balance cannot pay for runs in relax instead (where the plan has relax). */
    relaxWhenOut: boolean('relax_when_out').notNull().default(false),
    /** Discord results as classic messages (text and attachments) rather than Components V2 cards. */
    discordClassicResults: boolean('discord_classic_results').notNull().default(false),
    /** Asked at the first sign-in: `under-13` (cannot use the service), `13-17` or `18+`. */
    ageBand: text('age_band', { enum: ['under-13', '13-17', '18+'] }),
    /** When a parent or guardian accepted the terms for a person under 18. */
    guardianAcceptedAt: timestamp('guardian_accepted_at', { withTimezone: true }),
    /** Banned by a moderator: no sign-in, the bot refuses, no generation. */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    /** Generation paused (after repeated refusals, or by a moderator) until then. */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('users_discord_name_idx').on(table.discordName),
    // A local sign-in name names one user, however many sign-ins of it race.
    uniqueIndex('users_local_name_unique')
      .on(table.discordName)
      .where(sql`${table.discordId} is null`),
    check('users_mature_display_check', sql`${table.matureDisplay} in ('show', 'blur', 'hide')`),
    check('users_lane_check', sql`${table.lane} in ('fast', 'relax', 'turbo')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
