import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { jobs } from './generation.ts';

export const DISCORD_DELIVERY_STATES = ['waiting', 'pending', 'posted'] as const;
export type DiscordDeliveryState = (typeof DISCORD_DELIVERY_STATES)[number];
export const DISCORD_REACHES = ['member', 'app', 'app-private'] as const;
export type DiscordReach = (typeof DISCORD_REACHES)[number];

/**
 * Where the result of a job started from Discord goes, written in the transaction that creates
 * the job. `state` is the claim: `waiting` until the job ends, `pending` while one process posts
 * (a stale claim is taken over, so a crash between claim and post is retried), `posted` with the
 * Discord message id once the post succeeded. A posted row is never posted again.
 */
export const discordDeliveries = pgTable(
  'discord_deliveries',
  {
    jobId: uuid('job_id')
      .primaryKey()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /**
     * `channel`: a message in the channel the command came from; `dm`: a direct message (training);
     * `reply`: the deferred answer itself, only for the asker (a /describe caption).
     */
    kind: text('kind', { enum: ['channel', 'dm', 'reply'] }).notNull(),
    applicationId: text('application_id').notNull(),
    /** The interaction's token: follow-ups through it while it lives (15 minutes). */
    interactionToken: text('interaction_token').notNull(),
    interactionAt: timestamp('interaction_at', { withTimezone: true }).notNull(),
    channelId: text('channel_id').notNull(),
    discordUserId: text('discord_user_id').notNull(),
    /**
     * Whether the bot can post where the command came from: `member` (the bot is in that server, or
     * it is the bot's DM), `app` (the app was installed to the person's account and used in a
     * server or DM the bot is not part of: only the interaction's follow-ups reach it, then a DM),
     * `app-private` (the same, in a server that turned off external apps: Discord shows the
     * follow-ups only to the asker).
     */
    reach: text('reach', { enum: DISCORD_REACHES }).notNull().default('member'),
    /** The asker's Discord language the result is written in (`en`, `de`, …). */
    locale: text('locale').notNull().default('en'),
    state: text('state', { enum: DISCORD_DELIVERY_STATES }).notNull().default('waiting'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * When a post of this result was last sent to Discord. Set before the request goes out, so a
     * claim that finds it set (its poster died or lost the answer) knows the message may exist.
     */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    messageId: text('message_id'),
    /** The queued answer's text as last edited (position, estimate, refund time), and when. */
    statusText: text('status_text'),
    statusEditedAt: timestamp('status_edited_at', { withTimezone: true }),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('discord_deliveries_state_idx').on(table.state)],
);

export type DiscordDeliveryRow = typeof discordDeliveries.$inferSelect;
