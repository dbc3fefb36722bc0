import { integer, pgTable, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A user's auto top-up and spend caps. `state` and `crossing` make a top-up run once per fall below
 * the threshold: the process that moves `armed` to `buying` (one conditional UPDATE) owns crossing
 * number `crossing`, whose PaymentIntent is created with the Stripe idempotency key
 * `auto-top-up:<user>:<crossing>`, so a retry after a crash finds the same payment.
 */
export const autoTopUps = pgTable('auto_top_ups', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  packageName: text('package_name').notNull(),
  thresholdCredits: integer('threshold_credits').notNull().default(0),
  monthlyCapCents: integer('monthly_cap_cents'),
  dailyCreditCap: integer('daily_credit_cap'),
  /** The saved card (a SetupIntent's payment method) and how it is shown. */
  paymentMethod: text('payment_method'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  /** armed | buying | waiting (for the bank) | spent (bought for this fall; armed again above the threshold). */
  state: text('state', { enum: ['armed', 'buying', 'waiting', 'spent'] })
    .notNull()
    .default('armed'),
  crossing: integer('crossing').notNull().default(0),
  /** The PaymentIntent of the current crossing, once made. */
  intentId: text('intent_id'),
  /** Why we turned it off (a declined card), shown until it is turned on again. */
  offReason: text('off_reason'),
  /** The month (YYYY-MM, UTC) in which the monthly cap stopped a top-up. */
  cappedMonth: text('capped_month'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AutoTopUpRow = typeof autoTopUps.$inferSelect;
