import { z } from 'zod';
import {
  AGE_BANDS,
  BLOCKLIST_CATEGORIES,
  MODERATION_ACTIONS,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
} from './rules.ts';

export const ReportBody = z.object({
  reason: z.enum(REPORT_REASONS),
  note: z.string().trim().max(REPORT_NOTE_MAX).optional(),
});
export type ReportBody = z.infer<typeof ReportBody>;

export const ReportedBody = z.object({ reported: z.literal(true) });

const PersonWire = z.object({ id: z.uuid(), discordName: z.string() });

export const ModerationActionWire = z.object({
  id: z.uuid(),
  action: z.enum(MODERATION_ACTIONS),
  jobId: z.uuid().nullable(),
  reason: z.string(),
  until: z.string().nullable(),
  actor: z.string(),
  createdAt: z.string(),
  undoneAt: z.string().nullable(),
});
export type ModerationActionWire = z.infer<typeof ModerationActionWire>;

export const MODERATION_ITEM_KINDS = ['refusal', 'report', 'pause', 'appeal'] as const;

export const ModerationItemWire = z.object({
  id: z.uuid(),
  kind: z.enum(MODERATION_ITEM_KINDS),
  status: z.enum(['open', 'resolved']),
  person: PersonWire.extend({
    bannedAt: z.string().nullable(),
    pausedUntil: z.string().nullable(),
  }),
  category: z.string().nullable(),
  prompt: z.string().nullable(),
  reason: z.string().nullable(),
  source: z.string().nullable(),
  /** The reported creation: its page, first output and whether it is hidden. */
  creation: z
    .object({
      id: z.uuid(),
      command: z.string(),
      prompt: z.string().nullable(),
      thumbUrl: z.string().nullable(),
      hidden: z.boolean(),
      public: z.boolean(),
      /** Its content level is mature (adults only). */
      mature: z.boolean().optional(),
    })
    .nullable(),
  /** What moderators already did to this person (newest first). */
  history: z.array(ModerationActionWire),
  /** An appeal: the refusal it disputes, and whether a moderator upheld the appeal (the refusal overturned). */
  appeal: z.object({ refusalId: z.uuid(), upheld: z.boolean() }).optional(),
  /** A refusal a moderator overturned on appeal: it no longer counts toward a pause. */
  overturned: z.boolean().optional(),
  createdAt: z.string(),
});
export type ModerationItemWire = z.infer<typeof ModerationItemWire>;

export const ModerationQueueQuery = z.object({
  status: z.enum(['open', 'resolved']).default('open'),
  kind: z.enum(MODERATION_ITEM_KINDS).optional(),
});
export const ModerationQueueBody = z.object({ items: z.array(ModerationItemWire) });
export type ModerationQueueBody = z.infer<typeof ModerationQueueBody>;

export const ModerationActionBody = z
  .object({
    action: z.enum(MODERATION_ACTIONS),
    userId: z.uuid().optional(),
    /** The creation to hide (hide), or the one the action is about. */
    jobId: z.uuid().optional(),
    reason: z.string().trim().min(1).max(500),
    /** For pause: how long. */
    minutes: z
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 365)
      .optional(),
    /** The queue item this answers; it is marked resolved. */
    itemId: z.uuid().optional(),
  })
  .refine((body) => body.action !== 'pause' || body.minutes, {
    message: 'A pause needs minutes',
    path: ['minutes'],
  })
  .refine((body) => (body.action === 'hide' ? Boolean(body.jobId) : Boolean(body.userId || body.jobId)), {
    message: 'Name the creation (jobId) or the person (userId)',
    path: ['userId'],
  });
export type ModerationActionBody = z.infer<typeof ModerationActionBody>;
export const ModerationActionIdParams = z.object({ id: z.uuid() });
export const ModerationActionResult = z.object({ action: ModerationActionWire });
export const ResolveItemBody = z.object({ status: z.enum(['open', 'resolved']) });

/** A person's "this was a mistake" about one of their refusals. */
export const AppealBody = z.object({ note: z.string().trim().max(500).optional() });
export const AppealedBody = z.object({ appealed: z.literal(true), itemId: z.uuid() });
/** A moderator's answer to an appeal: upheld (the refusal was wrong) or rejected. */
export const AppealDecisionBody = z.object({ upheld: z.boolean() });
/** An admin's change of a creation's content level. */
export const CONTENT_LEVELS = ['general', 'mature'] as const;
export const ContentLevelBody = z.object({ level: z.enum(CONTENT_LEVELS) });

export const BlocklistTermWire = z.object({
  id: z.uuid(),
  term: z.string(),
  category: z.enum(BLOCKLIST_CATEGORIES),
  /** Matched inside words too ("kill" in "skills"); otherwise as whole words ("kills", not "Killarney"). */
  substring: z.boolean(),
  createdAt: z.string(),
});
export type BlocklistTermWire = z.infer<typeof BlocklistTermWire>;
export const BlocklistTermBody = z.object({
  term: z
    .string()
    .trim()
    .min(2)
    .max(60)
    .regex(/^[\p{L}\p{N} '-]+$/u, 'Letters, digits, spaces, apostrophes and hyphens only'),
  category: z.enum(BLOCKLIST_CATEGORIES),
  /** Match inside words too; false (whole words) when left out of a new term, unchanged on an edit. */
  substring: z.boolean().optional(),
});
export type BlocklistTermBody = z.infer<typeof BlocklistTermBody>;
export const BlocklistBody = z.object({ terms: z.array(BlocklistTermWire) });

export const AuditEntryWire = z.object({
  id: z.number().int(),
  actor: PersonWire.nullable(),
  action: z.string(),
  /** Whom or what it was done to: a person (with their name), a changelog entry or a blocklist term. */
  target: z.object({ id: z.string(), discordName: z.string().nullable() }).nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntryWire = z.infer<typeof AuditEntryWire>;
export const AuditQuery = z.object({
  actor: z.string().trim().max(100).optional(),
  target: z.string().trim().max(100).optional(),
  action: z.string().trim().max(60).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuery>;
export const AuditBody = z.object({ entries: z.array(AuditEntryWire), actions: z.array(z.string()) });
export type AuditBody = z.infer<typeof AuditBody>;

export const PrivateDefaultBody = z.object({ privateByDefault: z.boolean() });
export type PrivateDefaultBody = z.infer<typeof PrivateDefaultBody>;

export const AgeBandBody = z
  .object({ band: z.enum(AGE_BANDS), guardianAccepted: z.boolean().optional() })
  .refine((body) => body.band !== '13-17' || body.guardianAccepted === true, {
    message: 'A parent or guardian must accept the terms for people under 18',
    path: ['guardianAccepted'],
  });
export type AgeBandBody = z.infer<typeof AgeBandBody>;
export const AgeBandWire = z.object({ ageBand: z.enum(AGE_BANDS).nullable() });

/** A refused prompt: the category it was refused for, and the pause it started, if any. */
export const PromptRefusedBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    category: z.string().optional(),
    pausedUntil: z.string().optional(),
    /** The refusal, to appeal with `POST /api/refusals/{refusalId}/appeal` ("this was a mistake"). */
    refusalId: z.uuid().optional(),
  }),
});
