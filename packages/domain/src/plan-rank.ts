import { FREE_PLAN, TIER_OPTIONS } from './catalog.ts';

/**
 * Plan order from highest to lowest rank: the monthly plans, then their yearly versions in the same
 * order. Free is below all of them.
 */
export const PLAN_RANK: readonly string[] = TIER_OPTIONS.map((option) => option.tier);

/** A plan's place in PLAN_RANK for sorting, best first; free and unknown plans sort last. */
export function planRank(plan: string): number {
  const index = PLAN_RANK.indexOf(plan);
  return index < 0 ? PLAN_RANK.length : index;
}

export type PlanChange = 'upgrade' | 'downgrade' | 'same';

function position(plan: string): number {
  const index = PLAN_RANK.indexOf(plan);
  if (index >= 0) return index;
  if (plan === FREE_PLAN) return PLAN_RANK.length;
  throw new RangeError(`Unknown plan: ${plan}`);
}

/** A selected plan is an upgrade when its position is earlier than the current plan's. */
export function decidePlanChange(current: string, selected: string): PlanChange {
  const from = position(current);
  const to = position(selected);
  if (to === from) return 'same';
  return to < from ? 'upgrade' : 'downgrade';
}

export function isKnownPlan(plan: string): boolean {
  return plan === FREE_PLAN || PLAN_RANK.includes(plan);
}
