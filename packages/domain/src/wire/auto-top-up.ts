import { z } from 'zod';

/*
 * Auto top-up and spend caps (`/api/payment/auto-top-up`): a saved card buys a chosen credit
 * package when the credits fall below a threshold, within an optional monthly cap on money spent
 * (credit packages, gifts and top-ups; plan invoices are not counted: a plan's renewal is agreed
 * when it is chosen) and an optional cap on credits spent on jobs per day.
 */

/** Most a cap or a threshold may be: far beyond any real use, so a typo is caught. */
const MAX_CENTS = 1_000_000;
const MAX_CREDITS = 10_000_000;

export const AutoTopUpSettingsBody = z.object({
  enabled: z.boolean(),
  /** The credit package bought each time (its catalog name). */
  package: z.string().trim().min(1, 'Choose a credit package').max(100),
  /** A top-up runs when a job's charge takes the credits below this. */
  thresholdCredits: z
    .number()
    .int('The threshold is a whole number of credits')
    .min(0, 'The threshold cannot be below 0 credits')
    .max(MAX_CREDITS),
  /** Most money spent in a calendar month (UTC), in cents; null: no cap. */
  monthlyCapCents: z
    .number()
    .int('The monthly cap is a whole number of cents')
    .min(1, 'The monthly cap must be more than $0')
    .max(MAX_CENTS)
    .nullable(),
  /** Most credits spent on jobs in a day (UTC); null: no cap. */
  dailyCreditCap: z
    .number()
    .int('The daily cap is a whole number of credits')
    .min(1, 'The daily cap must be at least 1 credit')
    .max(MAX_CREDITS)
    .nullable(),
});
export type AutoTopUpSettingsBody = z.infer<typeof AutoTopUpSettingsBody>;

/** Where the auto top-up stands: ready, buying, waiting for the bank, or stopped. */
export const TOP_UP_STATES = ['armed', 'buying', 'waiting', 'spent'] as const;
export type TopUpState = (typeof TOP_UP_STATES)[number];

export const AutoTopUpWire = AutoTopUpSettingsBody.extend({
  /** The saved card, if any. */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  state: z.enum(TOP_UP_STATES),
  /** Money spent this calendar month that counts toward the cap, in cents. */
  spentThisMonthCents: z.number().int(),
  /** Credits spent on jobs today. */
  creditsSpentToday: z.number().int(),
});
export type AutoTopUpWire = z.infer<typeof AutoTopUpWire>;

/** The card form's card for auto top-up: set up (saved for off-session payments) with a SetupIntent. */
export const SetupTopUpCardBody = z.object({ paymentMethodId: z.string().trim().min(3).max(255).optional() });
export type SetupTopUpCardBody = z.infer<typeof SetupTopUpCardBody>;

/**
 * The SetupIntent: `succeeded` (the card is saved), or `requires_action` with the bank's page to
 * open (`redirectUrl`), which comes back to /autotopup with `setup_intent` in the query.
 */
export const TopUpSetupIntentWire = z.object({
  setupIntentId: z.string(),
  clientSecret: z.string(),
  status: z.string(),
  redirectUrl: z.string().nullable(),
});
export type TopUpSetupIntentWire = z.infer<typeof TopUpSetupIntentWire>;

export const SaveTopUpCardBody = z.object({ setupIntentId: z.string().trim().min(3).max(255) });
export type SaveTopUpCardBody = z.infer<typeof SaveTopUpCardBody>;

/** Where the browser goes to confirm a waiting top-up with the bank. */
export const TopUpAuthenticationWire = z.object({ url: z.string() });
export type TopUpAuthenticationWire = z.infer<typeof TopUpAuthenticationWire>;

/** The share of a cap at which an alert goes out, once per period each. */
export const CAP_ALERT_LEVELS = [80, 100] as const;
export type CapAlertLevel = (typeof CAP_ALERT_LEVELS)[number];

/** The settings page's form: the caps typed in dollars and in credits, empty for none. */
export const AutoTopUpFormFields = z.object({
  enabled: z.boolean(),
  package: z.string().min(1, 'Choose a credit package'),
  thresholdCredits: z
    .number({ error: 'Type the threshold in credits' })
    .int('The threshold is a whole number of credits')
    .min(0, 'The threshold cannot be below 0 credits'),
  monthlyCap: z
    .string()
    .trim()
    .regex(/^(\d+(\.\d{1,2})?)?$/, 'Type the monthly cap in dollars, like 10 or 24.99'),
  dailyCap: z.string().trim().regex(/^\d*$/, 'Type the daily cap in whole credits'),
});
export type AutoTopUpFormFields = z.infer<typeof AutoTopUpFormFields>;

/** The form's fields as the settings call takes them. */
export function autoTopUpFormToBody(fields: AutoTopUpFormFields): AutoTopUpSettingsBody {
  return {
    enabled: fields.enabled,
    package: fields.package,
    thresholdCredits: fields.thresholdCredits,
    monthlyCapCents: fields.monthlyCap ? Math.round(Number(fields.monthlyCap) * 100) : null,
    dailyCreditCap: fields.dailyCap ? Number(fields.dailyCap) : null,
  };
}
