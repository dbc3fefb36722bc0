import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Every payment we settled, as granted: the record refunds, disputes and the admin overview read (never Stripe per view). */
export const payments = pgTable(
  'payments',
  {
    /** Stripe's id of the settled object: the payment intent (`pi_…`) of a one-off payment, the invoice (`in_…`) of a plan period. */
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The payment kind from the domain's registry (credit package, plan, gift, …). */
    kind: text('kind').notNull(),
    /** The catalog key bought: a package or a plan tier. */
    product: text('product').notNull(),
    /** What was actually paid, after discounts, in the currency's minor unit. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    chargeId: text('charge_id').unique(),
    creditsGranted: integer('credits_granted').notNull().default(0),
    hypercreditsGranted: integer('hypercredits_granted').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** null, or the dispute's state: `open`, `won`, `lost`. */
    disputeStatus: text('dispute_status'),
    disputedCents: integer('disputed_cents').notNull().default(0),
    disputeFeeCents: integer('dispute_fee_cents').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payments_paid_at_idx').on(table.paidAt),
    index('payments_user_idx').on(table.userId, table.paidAt),
  ],
);
