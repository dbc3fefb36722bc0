import { z } from 'zod';
import { LaneWire } from './lane-wire.ts';
import { LANES, type Lane } from './lanes.ts';
import { PAYMENT_KINDS, type PaymentKind } from './payment-kinds.ts';

const PAYMENT_KIND_NAMES = Object.keys(PAYMENT_KINDS) as [PaymentKind, ...PaymentKind[]];

/**
 * What one change of a balance was, as the ledger's wire carries it: a structured kind the web maps
 * with an exhaustive switch, instead of words to read back. `other` holds a reason no kind matches
 * (entries written before a kind existed), as it was recorded.
 */
export const LedgerEntryKind = z.discriminatedUnion('kind', [
  /** The starting balance of a seeded account. */
  z.object({ kind: z.literal('start') }),
  z.object({ kind: z.literal('welcome') }),
  /** A payment's grant: a credit package bought, a plan's period, a gift redeemed. */
  z.object({ kind: z.literal('payment'), paymentKind: z.enum(PAYMENT_KIND_NAMES), product: z.string() }),
  z.object({ kind: z.literal('upgrade'), from: z.string(), to: z.string() }),
  /** A job's charge, and the refund of a job that failed or was cancelled. */
  /** A job's charge (nothing in relax, twice the price in turbo), in the lane it ran in. */
  z.object({ kind: z.literal('job'), command: z.string(), lane: LaneWire }),
  z.object({ kind: z.literal('jobRefund'), command: z.string() }),
  /** What a refund or a lost dispute of a payment took back. */
  z.object({ kind: z.literal('clawback'), cause: z.enum(['refund', 'dispute']), product: z.string() }),
  z.object({ kind: z.literal('adminEdit') }),
  /** The person's default lane changed (a zero entry, so the change is on record). */
  z.object({ kind: z.literal('lane'), from: LaneWire, to: LaneWire }),
  z.object({ kind: z.literal('other'), reason: z.string() }),
]);
export type LedgerEntryKind = z.infer<typeof LedgerEntryKind>;

/**
 * The first word of each payment kind's grant reason, as its `words.granted` writes it: a new kind
 * without one does not compile, and the tests hold each to what `words.granted` writes.
 */
const GRANT_WORDS = {
  creditPackage: 'purchase',
  plan: 'plan',
  gift: 'gift',
  topUp: 'top-up',
} as const satisfies Record<PaymentKind, string>;

const GRANTED = new Map<string, PaymentKind>(
  Object.entries(GRANT_WORDS).map(([kind, word]) => [word, kind as PaymentKind]),
);

/** The kind of a ledger entry, from the reason the ledger recorded with it. */
export function ledgerEntryKind(reason: string): LedgerEntryKind {
  if (reason === 'seed') return { kind: 'start' };
  if (reason === 'welcome') return { kind: 'welcome' };
  if (reason === 'admin-set') return { kind: 'adminEdit' };
  const job = /^(job|refund) (\S+)(?: (fast|relax|turbo))?$/.exec(reason);
  if (job)
    return job[1] === 'job'
      ? { kind: 'job', command: job[2]!, lane: (job[3] as Lane | undefined) ?? 'fast' }
      : { kind: 'jobRefund', command: job[2]! };
  const lane = /^lane (\S+) → (\S+)$/.exec(reason);
  if (lane && isLane(lane[1]!) && isLane(lane[2]!)) return { kind: 'lane', from: lane[1], to: lane[2] };
  const clawback = /^(refunded|charged back): (.+)$/.exec(reason);
  if (clawback)
    return {
      kind: 'clawback',
      cause: clawback[1] === 'refunded' ? 'refund' : 'dispute',
      product: clawback[2]!,
    };
  const upgrade = /^upgrade: (.+) → (.+)$/.exec(reason);
  if (upgrade) return { kind: 'upgrade', from: upgrade[1]!, to: upgrade[2]! };
  const grant = /^([a-z-]+): (.+)$/.exec(reason);
  const paymentKind = grant ? GRANTED.get(grant[1]!) : undefined;
  if (grant && paymentKind) return { kind: 'payment', paymentKind, product: grant[2]! };
  return { kind: 'other', reason };
}

const isLane = (value: string): value is Lane => (LANES as readonly string[]).includes(value);

/** The reason a job's ledger entry is written with: fast jobs keep the plain `job <command>`. */
export function jobLedgerReason(command: string, lane: Lane): string {
  return lane === 'fast' ? `job ${command}` : `job ${command} ${lane}`;
}

/** The reason of a lane change's zero entry. */
export function laneChangeReason(from: Lane, to: Lane): string {
  return `lane ${from} → ${to}`;
}
