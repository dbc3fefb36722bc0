import { UNLIMITED_CREDITS_THRESHOLD } from './display.ts';

/**
 * The GPU lanes a plan offers besides fast (which every plan has): relax, free of credits on
 * capacity fast work leaves idle, with an optional cap of relax jobs a day; turbo, at twice the
 * price, ahead of fast work. Set here by the operator, per plan.
 */
export interface PlanLanes {
  relax: { enabled: boolean; dailyCap: number | null };
  turbo: boolean;
}

/**
 * The plans and credit packages the service sells. This is configuration: it is served verbatim as
 * /subscription_details.json and /credit_packages.json and synced to Stripe products and prices by
 * lookup key. Prices are integer cents.
 */

export const BASE_PLAN_NAMES = ['Founders Image Only Plan', 'Founders Plan', 'Professional Plan'] as const;
export type BasePlanName = (typeof BASE_PLAN_NAMES)[number];

export const BILLING_PERIODS = ['Monthly', 'Yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** The plan a user without a subscription is on. */
export const FREE_PLAN = 'free';

/** The free plan's lanes: fast only, unless the operator says otherwise here. */
export const FREE_PLAN_LANES: PlanLanes = { relax: { enabled: false, dailyCap: null }, turbo: false };

export interface TierOption {
  /** The tier's name, which is also the user's subscription_status while on it. */
  tier: string;
  /** The plan family this tier belongs to. */
  plan: BasePlanName;
  ptype: BillingPeriod;
  /** Price of one billing period, in cents. */
  price: number;
  /** The monthly cost before the yearly saving, in cents (struck through on yearly tiers). */
  oCost: number;
  /** Credits granted each month (a yearly tier grants them month by month through its year). */
  credits: number;
  /** Hypercredits granted each month, like `credits`. */
  hypercredits: number;
  /** Monthly grants one paid period holds: 1, or 12 for a yearly tier. */
  grantsPerPeriod: number;
  details: string;
  color: string;
  lookupKey: string;
}

export interface CreditPackage {
  name: string;
  price: number;
  details: string;
  color: string;
  credits: number;
  hypercredits: number;
  lookupKey: string;
}

interface PlanBase {
  plan: BasePlanName;
  monthlyPrice: number;
  yearlyPrice: number;
  monthlyCredits: number;
  monthlyHypercredits: number;
  /** What the plan offers besides its credits (those lines are written from the numbers). */
  features: string[];
  color: string;
  slug: string;
  /** Which GPU lanes the plan offers besides fast (`lanes.ts`). */
  lanes: PlanLanes;
}

const PLAN_BASES: PlanBase[] = [
  {
    plan: 'Founders Image Only Plan',
    monthlyPrice: 4999,
    yearlyPrice: 47990,
    monthlyCredits: 15000,
    monthlyHypercredits: 300,
    features: ['Priority queue for images, edits and fills', 'Train and use custom LoRA models'],
    color: '#7c3aed',
    slug: 'founders_image_only',
    lanes: { relax: { enabled: true, dailyCap: null }, turbo: true },
  },
  {
    plan: 'Founders Plan',
    monthlyPrice: 2999,
    yearlyPrice: 28790,
    monthlyCredits: 6000,
    monthlyHypercredits: 150,
    features: ['Video, movies, audio and lip-sync', 'Train and use custom LoRA models'],
    color: '#2563eb',
    slug: 'founders',
    lanes: { relax: { enabled: true, dailyCap: null }, turbo: true },
  },
  {
    plan: 'Professional Plan',
    monthlyPrice: 1499,
    yearlyPrice: 14390,
    monthlyCredits: 2500,
    monthlyHypercredits: 50,
    features: ['Images, video and audio commands', 'Commercial use of your own creations'],
    color: '#0d9488',
    slug: 'professional',
    lanes: { relax: { enabled: true, dailyCap: 50 }, turbo: true },
  },
];

const count = (n: number) => n.toLocaleString('en-US');

/** The plan card's credit line: past the Unlimited threshold the balance reads as Unlimited. */
function creditsLine(base: PlanBase): string {
  return base.monthlyCredits > UNLIMITED_CREDITS_THRESHOLD
    ? `Unlimited image generation with /make (${count(base.monthlyCredits)} credits every month)`
    : `${count(base.monthlyCredits)} credits every month`;
}

/**
 * What a yearly price saves against twelve monthly payments, from the catalog's own numbers: the
 * share off and the months that makes free (one decimal when not whole).
 */
export function yearlySaving(monthlyPrice: number, yearlyPrice: number) {
  const saved = monthlyPrice * 12 - yearlyPrice;
  const months = Math.round((saved / monthlyPrice) * 10) / 10;
  return { percentOff: Math.round((saved / (monthlyPrice * 12)) * 100), monthsFree: months };
}

function featuresOf(base: PlanBase, period: BillingPeriod): string[] {
  const lines = [
    creditsLine(base),
    ...base.features,
    `${count(base.monthlyHypercredits)} hypercredits every month for premium generations`,
  ];
  if (period === 'Monthly') return lines;
  const { percentOff, monthsFree } = yearlySaving(base.monthlyPrice, base.yearlyPrice);
  const months = `${monthsFree} month${monthsFree === 1 ? '' : 's'}`;
  return [...lines, `Billed yearly: ${percentOff}% off twelve monthly payments, ${months} free`];
}

const detailsHtml = (features: string[]) =>
  `<ul>${features.map((feature) => `<li>${feature}</li>`).join('')}</ul>`;

/** The full tier name for a plan and billing period: yearly tiers carry ' Yearly'. */
export function tierName(plan: BasePlanName, period: BillingPeriod): string {
  return period === 'Yearly' ? `${plan} Yearly` : plan;
}

export const TIER_OPTIONS: TierOption[] = BILLING_PERIODS.flatMap((period) =>
  PLAN_BASES.map((base) => ({
    tier: tierName(base.plan, period),
    plan: base.plan,
    ptype: period,
    price: period === 'Yearly' ? base.yearlyPrice : base.monthlyPrice,
    oCost: base.monthlyPrice,
    credits: base.monthlyCredits,
    hypercredits: base.monthlyHypercredits,
    grantsPerPeriod: period === 'Yearly' ? 12 : 1,
    details: detailsHtml(featuresOf(base, period)),
    color: base.color,
    lookupKey: `plan_${base.slug}_${period === 'Yearly' ? 'yearly' : 'monthly'}`,
  })),
);

export const CREDIT_PACKAGES: CreditPackage[] = [
  {
    name: 'Starter Pack',
    price: 499,
    details: detailsHtml(['500 credits', 'Never expire', 'Works on every plan, free included']),
    color: '#0ea5e9',
    credits: 500,
    hypercredits: 0,
    lookupKey: 'credits_starter',
  },
  {
    name: 'Creator Pack',
    price: 1299,
    details: detailsHtml(['1,500 credits', 'Best for weekly creators', 'Never expire']),
    color: '#22c55e',
    credits: 1500,
    hypercredits: 0,
    lookupKey: 'credits_creator',
  },
  {
    name: 'Studio Pack',
    price: 3999,
    details: detailsHtml(['5,000 credits', 'The best price per credit', 'Never expire']),
    color: '#f59e0b',
    credits: 5000,
    hypercredits: 0,
    lookupKey: 'credits_studio',
  },
  {
    name: 'Hypercredit Pack',
    price: 999,
    details: detailsHtml(['100 hypercredits', 'For video, movies, audio and lip-sync', 'Never expire']),
    color: '#ec4899',
    credits: 0,
    hypercredits: 100,
    lookupKey: 'credits_hyper',
  },
];

/** Finds a tier by its full name ('Founders Plan Yearly'), or by plan name and billing period. */
export function findTier(tierType: string, recurringType?: string): TierOption | undefined {
  const exact = TIER_OPTIONS.find((option) => option.tier === tierType);
  if (exact && (!recurringType || exact.ptype === recurringType)) return exact;
  return TIER_OPTIONS.find(
    (option) => option.plan === tierType && option.ptype === (recurringType ?? 'Monthly'),
  );
}

/**
 * The lanes a person's plan offers, from their subscription status (a tier's name, monthly or
 * yearly, or `free`). An unknown status is treated as free: no lane beyond fast by mistake.
 */
export function planLanesOf(subscriptionStatus: string): PlanLanes {
  const tier = findTier(subscriptionStatus.trim());
  const base = tier && PLAN_BASES.find((entry) => entry.plan === tier.plan);
  return base?.lanes ?? FREE_PLAN_LANES;
}

/** The plans (base names) whose members have a lane beyond fast, in the catalog's order. */
export function plansWithLane(lane: 'relax' | 'turbo'): BasePlanName[] {
  return PLAN_BASES.filter((base) => (lane === 'relax' ? base.lanes.relax.enabled : base.lanes.turbo)).map(
    (base) => base.plan,
  );
}

export function findCreditPackage(name: string): CreditPackage | undefined {
  return CREDIT_PACKAGES.find((pack) => pack.name === name);
}

export function findByLookupKey(lookupKey: string): TierOption | CreditPackage | undefined {
  return [...TIER_OPTIONS, ...CREDIT_PACKAGES].find((item) => item.lookupKey === lookupKey);
}
