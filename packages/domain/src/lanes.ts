import { FREE_PLAN_LANES, type PlanLanes, planLanesOf, plansWithLane } from './catalog.ts';
import type { Price } from './generation/pricing.ts';

/**
 * The GPU lanes a job runs in. `fast` spends the job's price (what every plan has); `relax` costs
 * nothing and runs only on capacity that fast and turbo work leave idle, ordered by each person's
 * relax use this period (least used first); `turbo` costs `TURBO_PRICE_FACTOR` times the price and
 * goes ahead of fast work. Which plans have relax and turbo is the catalog's (`PlanLanes`).
 */
export const LANES = ['fast', 'relax', 'turbo'] as const;
export type Lane = (typeof LANES)[number];

/** Turbo costs this many times the fast price. */
export const TURBO_PRICE_FACTOR = 2;

/** Whether a plan (a subscription status) offers a lane. */
export function laneAllowed(subscriptionStatus: string, lane: Lane, lanes?: PlanLanes): boolean {
  const policy = lanes ?? planLanesOf(subscriptionStatus);
  switch (lane) {
    case 'fast':
      return true;
    case 'relax':
      return policy.relax.enabled;
    case 'turbo':
      return policy.turbo;
    default: {
      const unknown: never = lane;
      return unknown;
    }
  }
}

/** The lanes a plan offers, in `LANES` order. */
export function lanesOf(subscriptionStatus: string): Lane[] {
  return LANES.filter((lane) => laneAllowed(subscriptionStatus, lane));
}

/** The relax jobs a day the plan allows; null: no cap (or no relax at all). */
export function relaxDailyCapOf(subscriptionStatus: string): number | null {
  const policy = planLanesOf(subscriptionStatus);
  return policy.relax.enabled ? policy.relax.dailyCap : null;
}

/** What a job of `price` (its fast price) costs in a lane. */
export function priceInLane(price: Price, lane: Lane): Price {
  switch (lane) {
    case 'fast':
      return price;
    case 'relax':
      return { credits: 0, hypercredits: 0 };
    case 'turbo':
      return {
        credits: price.credits * TURBO_PRICE_FACTOR,
        hypercredits: price.hypercredits * TURBO_PRICE_FACTOR,
      };
    default: {
      const unknown: never = lane;
      return unknown;
    }
  }
}

/** The free plan's lanes, for pages that speak of plans in general. */
export { FREE_PLAN_LANES };

/**
 * Every sentence about lanes that the bot and the studio show, in one place (English; translated
 * with the other messages).
 */
export const LANE_TEXTS = {
  name: { fast: 'fast', relax: 'relax', turbo: 'turbo' } satisfies Record<Lane, string>,
  title: { fast: 'Fast', relax: 'Relax', turbo: 'Turbo' } satisfies Record<Lane, string>,
  summary: {
    fast: 'Jobs spend their price in credits, as usual.',
    relax: 'Jobs cost no credits and run when the GPUs have room; slower at busy times.',
    turbo: `Jobs cost ${TURBO_PRICE_FACTOR}× their price and run ahead of fast work.`,
  } satisfies Record<Lane, string>,
  plansWith: (lane: Exclude<Lane, 'fast'>) => {
    const plans = plansWithLane(lane);
    return plans.length ? plans.join(', ') : 'no plan at the moment';
  },
  notInPlan: (lane: Exclude<Lane, 'fast'>) =>
    `${lane === 'relax' ? 'Relax' : 'Turbo'} mode comes with the ${LANE_TEXTS.plansWith(lane)}; your plan has fast only. Nothing was changed.`,
  defaultNotInPlan: (lane: Exclude<Lane, 'fast'>) =>
    `Your default is ${lane} mode, which your plan no longer has (it comes with the ${LANE_TEXTS.plansWith(lane)}); switch with /fast, then try again. Nothing was charged.`,
  switched: (lane: Lane) => `You are now in ${lane} mode: ${LANE_TEXTS.summary[lane]}`,
  unchanged: (lane: Lane) => `You are already in ${lane} mode: ${LANE_TEXTS.summary[lane]}`,
  relaxCapReached: (cap: number) =>
    `You have used today's ${cap} relax jobs; relax opens again at 00:00 UTC. Use /fast to run it now with credits.`,
  relaxCapNote: (cap: number) => `Your plan allows ${cap} relax jobs a day.`,
  autoRelaxed: 'You are out of credits, so this job runs in relax mode at no cost (your setting).',
  inLane: (lane: Lane) => `${lane} mode`,
  /** `/settings`, the studio: the mode in a line, the menu and its options, the relax-when-out button. */
  modeLine: (lane: Lane) => `Mode: ${LANE_TEXTS.title[lane]} — ${LANE_TEXTS.summary[lane]}`,
  modeMenu: 'Mode',
  modeOption: (lane: Lane) => `Mode: ${LANE_TEXTS.title[lane]}`,
  relaxWhenOutButton: (on: boolean) => `Relax when out of credits: ${on ? 'on' : 'off'}`,
  relaxWhenOut: (on: boolean) =>
    on ? 'Switch to relax when credits run out: on' : 'Switch to relax when credits run out: off',
  relaxCount: (usage: { period: number; today: number; dailyCap: number | null }) =>
    `Relax jobs this period: ${usage.period}${usage.dailyCap != null ? ` · today ${usage.today} of ${usage.dailyCap}` : ''}`,
  spentLine: (spent: { fast: Price; turbo: Price }) =>
    `Spent this period: fast ${describeSpent(spent.fast)} · turbo ${describeSpent(spent.turbo)}`,
} as const;

function describeSpent(amount: Price): string {
  const parts = [`${amount.credits.toLocaleString('en-US')} credits`];
  if (amount.hypercredits > 0) parts.push(`${amount.hypercredits.toLocaleString('en-US')} hypercredits`);
  return parts.join(' and ');
}
