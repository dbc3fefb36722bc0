import { FREE_PLAN } from './catalog.ts';
import type { JobFamily } from './commands/job-families.ts';
import type { Lane } from './lanes.ts';

/**
 * Who goes first in the generation queue, and how much of it one person may hold. Internal rules:
 * the plan cards promise Founders Image Only members priority on images, edits and fills, but the
 * numbers here (limits, weights) are never shown on a public page.
 *
 * Order within a family: the class first (`founders-image` above `paid` above `free`), then fair
 * between people — a person's n-th waiting job runs after every other person's (n−1)-th.
 */
export type QueueClass = 'founders-image' | 'paid' | 'free';

export interface QueueClassRule {
  /** Higher runs first; classes never mix, whatever the rounds. */
  weight: number;
  /** Jobs of one family one person may have running at once (the rest wait their turn). */
  running: number;
  /** Jobs one person may have queued or running, over all families. */
  active: number;
}

export const QUEUE_CLASSES: Record<QueueClass, QueueClassRule> = {
  'founders-image': { weight: 2, running: 4, active: 30 },
  paid: { weight: 1, running: 3, active: 20 },
  free: { weight: 0, running: 2, active: 10 },
};

/** Rounds a person can occupy within a class: no per-person limit reaches it, so classes never overlap. */
export const ROUNDS_PER_CLASS = 10_000;

/**
 * Lanes in the rank: turbo bands sit above every fast band (its class kept within turbo), so turbo
 * overtakes fast work; the relax band sits below every one (ranks −10,000 to −1), so relax jobs
 * take only slots no fast or turbo job waits for. Within relax the "round" is the person's relax
 * use this period: least used first.
 */
const TURBO_BAND_OFFSET = Math.max(...Object.values(QUEUE_CLASSES).map((rule) => rule.weight)) + 1;
const RELAX_BAND = -1;

/** Relax jobs one person may have running at once per family (their own pg-boss group). */
export const RELAX_RUNNING = 3;

/** The queue's group tiers: each class of fast and turbo work, and relax. */
export type QueueTier = QueueClass | 'relax';

/** The lowest rank of fast work: relax ranks are below it. */
export const FAST_MIN_RANK = 0;

const FOUNDERS_IMAGE = 'Founders Image Only Plan';

/**
 * The class of a person's job. Founders Image Only members have the front of the image family
 * (make, edit, fill, vary, GIF all run there); in other families, like every paid plan, they come
 * before free accounts. `subscriptionStatus` is the plan's tier name (monthly or yearly) or `free`.
 */
export function queueClassOf(subscriptionStatus: string, family: JobFamily): QueueClass {
  const plan = subscriptionStatus.trim();
  if (!plan || plan === FREE_PLAN) return 'free';
  if (family === 'image' && plan.startsWith(FOUNDERS_IMAGE)) return 'founders-image';
  return 'paid';
}

/** The limits of a person's plan for queue admission: the best class they reach in any family. */
export function queueLimitsOf(subscriptionStatus: string): QueueClassRule {
  return QUEUE_CLASSES[queueClassOf(subscriptionStatus, 'image')];
}

/**
 * The dispatch rank of a new job (higher runs first; equal ranks run oldest first). `round` is how
 * many jobs of the family the person already has queued or running: their first waiting job is
 * round 0, their second round 1, so a flood of one person's jobs sorts behind everyone else's
 * first ones, and a newcomer's single job sorts with the first jobs of everyone.
 */
export function dispatchRank(queueClass: QueueClass, round: number, lane: Lane = 'fast'): number {
  const clamped = Math.min(Math.max(0, Math.floor(round)), ROUNDS_PER_CLASS - 1);
  const band =
    lane === 'relax'
      ? RELAX_BAND
      : QUEUE_CLASSES[queueClass].weight + (lane === 'turbo' ? TURBO_BAND_OFFSET : 0);
  return band * ROUNDS_PER_CLASS + (ROUNDS_PER_CLASS - 1 - clamped);
}

/** The lane a rank belongs to. */
export function laneOfRank(rank: number): Lane {
  const band = Math.floor(rank / ROUNDS_PER_CLASS);
  return band < 0 ? 'relax' : band >= TURBO_BAND_OFFSET ? 'turbo' : 'fast';
}

/** The tier a rank belongs to, for the per-person running limit (relax has its own). */
export function queueClassOfRank(rank: number): QueueTier {
  const band = Math.floor(rank / ROUNDS_PER_CLASS);
  if (band < 0) return 'relax';
  const weight = band >= TURBO_BAND_OFFSET ? band - TURBO_BAND_OFFSET : band;
  const found = (Object.entries(QUEUE_CLASSES) as [QueueClass, QueueClassRule][]).find(
    ([, rule]) => rule.weight === weight,
  );
  return found?.[0] ?? 'free';
}

/**
 * Whether a job submitted later with rank `arriving` is dispatched before a waiting job of rank
 * `waiting`: it belongs to a higher class, or it is its person's first job of the family (round 0)
 * while the waiting one is a later round of its own person. Jobs ranked ahead only because their
 * people already had jobs waiting are counted where they wait, not as newcomers.
 */
export function jumpsAhead(arriving: number, waiting: number): boolean {
  if (arriving <= waiting) return false;
  const higherClass = Math.floor(arriving / ROUNDS_PER_CLASS) > Math.floor(waiting / ROUNDS_PER_CLASS);
  const round = ((arriving % ROUNDS_PER_CLASS) + ROUNDS_PER_CLASS) % ROUNDS_PER_CLASS;
  return higherClass || round === ROUNDS_PER_CLASS - 1;
}
