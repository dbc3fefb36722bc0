import { z } from 'zod';

/** Longest range the overview answers at once. */
export const OVERVIEW_MAX_DAYS = 366;
/** Range shown when none is asked for. */
export const OVERVIEW_DEFAULT_DAYS = 30;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Not a real date');

/**
 * The range of every overview call: whole UTC days, `from` and `to` included. Without them, the
 * last `OVERVIEW_DEFAULT_DAYS` days up to today.
 */
export const OverviewQuery = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The start of the range must not be after its end',
    path: ['from'],
  })
  .refine(
    (query) =>
      !query.from ||
      !query.to ||
      (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < OVERVIEW_MAX_DAYS,
    { message: `A range may span at most ${OVERVIEW_MAX_DAYS} days`, path: ['to'] },
  );
export type OverviewQuery = z.infer<typeof OverviewQuery>;

const cents = z.number().int();
const count = z.number().int();
const range = z.object({ from: z.string(), to: z.string() });

/**
 * Money per day and per week, from the local payments record. Each payment counts in the bucket of
 * its `paid_at`, and so do its refunds and dispute (the record keeps amounts, not their dates):
 * gross is what was paid, refunds what was refunded, disputes the disputed amount plus the fee of
 * disputes still open or lost (a won dispute costs nothing), net = gross − refunds − disputes.
 */
export const RevenueRow = z.object({
  bucket: z.string(),
  grossCents: cents,
  refundsCents: cents,
  disputesCents: cents,
  netCents: cents,
  payments: count,
});
export const OverviewRevenueBody = z.object({
  range,
  daily: z.array(RevenueRow),
  weekly: z.array(RevenueRow),
  totals: RevenueRow.omit({ bucket: true }),
});
export type OverviewRevenueBody = z.infer<typeof OverviewRevenueBody>;

/** Plans: revenue of plan payments in the range, subscribers live now, new and lapsed per day. */
export const OverviewSubscriptionsBody = z.object({
  range,
  plans: z.array(
    z.object({
      plan: z.string(),
      grossCents: cents,
      netCents: cents,
      payments: count,
      /** Live now, paid for. */
      activeSubscribers: count,
      /** Live now, from a gift code. */
      giftedSubscribers: count,
    }),
  ),
  flow: z.array(z.object({ day: z.string(), newSubscribers: count, lapsedSubscribers: count })),
});
export type OverviewSubscriptionsBody = z.infer<typeof OverviewSubscriptionsBody>;

/**
 * The ledger over the range, per currency: what was granted (by where it came from: purchases,
 * welcome, admin, …), what jobs spent net of their refunds (by command family), and what was taken
 * back outside jobs (refunds, lost disputes, admin corrections). granted − takenBack − spent equals
 * the sum of every ledger change in the range.
 */
export const OverviewCreditsBody = z.object({
  range,
  rows: z.array(
    z.object({
      currency: z.enum(['credits', 'hypercredits']),
      /** `granted` rows name a source, `spent` rows a family, `takenBack` rows a source. */
      flow: z.enum(['granted', 'spent', 'takenBack']),
      key: z.string(),
      amount: z.number().int(),
    }),
  ),
  totals: z.array(
    z.object({
      currency: z.enum(['credits', 'hypercredits']),
      granted: z.number().int(),
      spent: z.number().int(),
      takenBack: z.number().int(),
      net: z.number().int(),
    }),
  ),
});
export type OverviewCreditsBody = z.infer<typeof OverviewCreditsBody>;

/** Jobs submitted in the range per family and where they stand now. */
export const OverviewJobsBody = z.object({
  range,
  rows: z.array(z.object({ family: z.string(), status: z.string(), count })),
});
export type OverviewJobsBody = z.infer<typeof OverviewJobsBody>;

/** How long jobs waited in the queue before their first start, by the person's plan at submission. */
export const OverviewQueueWaitsBody = z.object({
  range,
  rows: z.array(z.object({ plan: z.string(), jobs: count, p50Seconds: z.number(), p99Seconds: z.number() })),
});
export type OverviewQueueWaitsBody = z.infer<typeof OverviewQueueWaitsBody>;

/** GPU time per lane and day (fast, relax, turbo): jobs that ended, and the slot time they held. */
export const OverviewLanesBody = z.object({
  range,
  rows: z.array(
    z.object({
      day: z.string(),
      lane: z.enum(['fast', 'relax', 'turbo']),
      jobs: count,
      gpuSeconds: z.number(),
    }),
  ),
});
export type OverviewLanesBody = z.infer<typeof OverviewLanesBody>;

/** Each generation host per day: share of its slot time busy, attempts, failed attempts and faults. */
export const OverviewHostsBody = z.object({
  range,
  rows: z.array(
    z.object({
      host: z.string(),
      day: z.string(),
      slots: count,
      busySeconds: z.number(),
      /** busySeconds over slots × the day's seconds, 0 to 1. */
      utilization: z.number(),
      attempts: count,
      failedAttempts: count,
      faults: count,
    }),
  ),
});
export type OverviewHostsBody = z.infer<typeof OverviewHostsBody>;

/** The people who paid the most in the range (net of refunds and disputes), with what they spent in jobs. */
export const OverviewTopSpendersBody = z.object({
  range,
  rows: z.array(
    z.object({
      userId: z.string(),
      discordName: z.string(),
      netCents: cents,
      payments: count,
      creditsSpent: z.number().int(),
      hypercreditsSpent: z.number().int(),
    }),
  ),
});
export type OverviewTopSpendersBody = z.infer<typeof OverviewTopSpendersBody>;
