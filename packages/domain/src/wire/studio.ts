import { z } from 'zod';
import { BackendHealth } from './common.ts';
import { JobWire } from './jobs.ts';
import { LedgerEntryKind } from '../ledger-kinds.ts';

/** One change of a user's balance, with both balances just after it (`GET /api/users/:userId/ledger`). */
export const LedgerEntryWire = z.object({
  id: z.number().int(),
  currency: z.enum(['credits', 'hypercredits']),
  delta: z.number().int(),
  /** The reason the ledger recorded. */
  reason: z.string(),
  /** What the change was, for the history's words. */
  kind: LedgerEntryKind,
  createdAt: z.string(),
  credits: z.number().int(),
  hypercredits: z.number().int(),
  /** The job this charge or refund is for. */
  jobId: z.string().nullable(),
});
export type LedgerEntryWire = z.infer<typeof LedgerEntryWire>;

export const LedgerQuery = z.object({
  cursor: z.coerce.number().int().positive('cursor must be an entry id').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const LedgerBody = z.object({
  entries: z.array(LedgerEntryWire),
  nextCursor: z.number().int().nullable(),
});
export type LedgerBody = z.infer<typeof LedgerBody>;

/** A creation's page: the job and who made it (`GET /api/creations/:id`). */
export const CreationBody = z.object({
  job: JobWire,
  creator: z.object({ discordName: z.string() }),
});
export type CreationBody = z.infer<typeof CreationBody>;

const QueueJobWire = z.object({
  id: z.string(),
  command: z.string(),
  family: z.string(),
  status: z.string(),
  discordName: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type QueueJobWire = z.infer<typeof QueueJobWire>;

/** The admins' view of the job queue (`GET /api/admin/queue`). */
export const QueueViewBody = z.object({
  counts: z.array(z.object({ family: z.string(), status: z.string(), count: z.number().int() })),
  /** Each generation host: in rotation or not, busy slots, jobs done and its last failure in full. */
  hosts: z.array(
    BackendHealth.extend({
      provider: z.string(),
      lastError: z.object({ message: z.string(), at: z.string() }).nullable(),
    }),
  ),
  active: z.array(QueueJobWire),
  failures: z.array(QueueJobWire),
});
export type QueueViewBody = z.infer<typeof QueueViewBody>;
