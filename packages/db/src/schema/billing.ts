import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Our copy of a Stripe subscription; Stripe stays the source of truth and webhooks refresh it. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier').notNull(),
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    downgradeTo: text('downgrade_to'),
    gifted: boolean('gifted').notNull().default(false),
    /** While a failed renewal is retried (past due): when Stripe tries the card again. */
    nextPaymentAttempt: timestamp('next_payment_attempt', { withTimezone: true }),
    /** When it first became live (the plan was paid for or gifted); null before. New subscribers in the overview. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** When a started subscription left the live statuses (canceled, unpaid); null while live. Lapsed subscribers. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('subscriptions_user_idx').on(table.userId)],
);

/** A paid-for plan that someone else redeems once. */
export const giftCodes = pgTable(
  'gift_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    tier: text('tier').notNull(),
    purchaserId: uuid('purchaser_id').references(() => users.id, { onDelete: 'set null' }),
    /** The checkout session that paid for it: one code per payment. */
    sourceId: text('source_id').unique(),
    redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    /** The gifted Stripe subscription; null while a claim is not yet completed (resumable). */
    subscriptionId: text('subscription_id'),
    /** Set when the payment that bought the code was refunded or charged back before it was redeemed. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('gift_codes_purchaser_idx').on(table.purchaserId)],
);

/**
 * What one refund of a gift's payment did, decided once when it is first handled (with the code's
 * row locked against a concurrent redemption): `voided` (a full refund before redemption: the code
 * can no longer be redeemed), `whole` (a partial refund before redemption: the code stays whole and
 * nothing is ever taken from its recipient), `kept` (after redemption, the recipient keeps the
 * gift) or `taken` (after redemption, the operator chose to take it back from the recipient).
 */
export const giftRefundDecisions = pgTable('gift_refund_decisions', {
  refundId: text('refund_id').primaryKey(),
  giftCodeId: uuid('gift_code_id')
    .notNull()
    .references(() => giftCodes.id, { onDelete: 'cascade' }),
  decision: text('decision', { enum: ['voided', 'whole', 'kept', 'taken'] }).notNull(),
  decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
});
