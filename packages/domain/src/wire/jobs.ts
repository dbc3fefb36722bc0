import { z } from 'zod';
import { JOB_FAMILIES } from '../commands/job-families.ts';
import { IMAGE_ACTION_NAMES } from '../commands/actions.ts';
import { LaneWire } from '../lane-wire.ts';

/** Generation jobs as the studio and the gallery see them. */

export const JOB_STATUS = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;

export const CostWire = z.object({ credits: z.number().int(), hypercredits: z.number().int() });
export type CostWire = z.infer<typeof CostWire>;

export const JobOutputWire = z.object({
  url: z.string(),
  thumbUrl: z.string().optional(),
  mime: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  durationMs: z.number().int().optional(),
});
export type JobOutputWire = z.infer<typeof JobOutputWire>;

export const JobWire = z.object({
  id: z.uuid(),
  command: z.string(),
  kind: z.enum(JOB_FAMILIES),
  options: z.record(z.string(), z.unknown()),
  status: z.enum(JOB_STATUS),
  /** Jobs of the same kind ahead of this one in dispatch order while it is queued; 0 otherwise. */
  position: z.number().int(),
  /** While queued: about how many seconds until it starts, from recent run times (absent before any). */
  waitSeconds: z.number().int().optional(),
  /** While queued or running: when it is failed and refunded by itself if it has not finished (ISO). */
  refundAt: z.string().optional(),
  progress: z.number(),
  cost: CostWire,
  /** The lane it runs in: fast (its price), relax (no cost, idle capacity) or turbo (twice, first). */
  lane: LaneWire,
  /** Present and true when it went to relax because the balance could not pay for it (the person's setting). */
  autoRelaxed: z.boolean().optional(),
  outputs: z.array(JobOutputWire),
  text: z.string().optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  loves: z.number().int(),
  lovedByMe: z.boolean(),
  public: z.boolean(),
  /** Present and true for a mature creation (made in the horror channels or flagged by the prompt check). */
  mature: z.boolean().optional(),
  /** Present and true when the viewer chose to see others' mature creations blurred until clicked. */
  blur: z.boolean().optional(),
  /** True when the caller made it. */
  mine: z.boolean(),
  parentId: z.uuid().optional(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobWire = z.infer<typeof JobWire>;

export const JobBody = z.object({ job: JobWire });

const OptionValue = z.union([z.string().max(4000), z.number(), z.boolean()]);

export const SubmitJobBody = z.object({
  command: z.string().min(1).max(40),
  /** Text, number and boolean options by name; attachment options carry upload ids. */
  options: z.record(z.string().max(40), OptionValue).default({}),
  /** The client's id for this submission: sending it again returns the same job, charged once. */
  requestId: z
    .string()
    .trim()
    .min(8, 'requestId must be at least 8 characters')
    .max(100)
    .regex(/^[\w.:-]+$/, 'requestId may hold letters, digits and . _ : -')
    .optional(),
  public: z.boolean().optional(),
  /** The lane for this job alone; default: the caller's own (`/fast`, `/relax`, `/turbo`, settings). */
  lane: LaneWire.optional(),
});
export type SubmitJobBody = z.input<typeof SubmitJobBody>;

export const JobIdParams = z.object({ id: z.uuid('Not a job id') });

export const JobListQuery = z.object({
  mine: z.enum(['true', 'false']).optional(),
  public: z.enum(['true', 'false']).optional(),
  kind: z.enum(JOB_FAMILIES).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});

export const JobListBody = z.object({ jobs: z.array(JobWire), nextCursor: z.string().nullable() });

export const JobActionBody = z.object({
  action: z.enum(['reroll', 'edit', ...IMAGE_ACTION_NAMES]),
  prompt: z.string().trim().min(1).max(4000).optional(),
  /** Which image of a grid an image action works from (U2, V3); default 1. */
  index: z.number().int().optional(),
  /** Custom Zoom's factor; its bounds are the action's and are checked with its options. */
  factor: z.number().optional(),
  requestId: SubmitJobBody.shape.requestId,
});

export const JobPatchBody = z.object({ public: z.boolean() });

export const JobDeleteBody = z.object({ deleted: z.literal(true) });

export const LoveBody = z.object({ loved: z.boolean(), loves: z.number().int() });

export const PricesBody = z.object({
  prices: z.array(z.object({ command: z.string(), kind: z.enum(JOB_FAMILIES), cost: CostWire })),
});

export const UploadWire = z.object({
  id: z.uuid(),
  url: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export const UploadBody = z.object({ upload: UploadWire });

export const LoraWire = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(['training', 'ready', 'failed']),
  /** Images the trained model made (the local trainer's preview); empty until training is done. */
  samples: z.array(JobOutputWire),
  createdAt: z.string(),
});
export type LoraWire = z.infer<typeof LoraWire>;
export const LoraListBody = z.object({ loras: z.array(LoraWire) });
export const LoraIdParams = z.object({ id: z.uuid('Not a LoRA id') });
export const LoraDeleteBody = z.object({ deleted: z.literal(true) });

/** An event of `GET /api/jobs/:id/events`. */
export const JobEventWire = z.object({ status: z.enum(JOB_STATUS), progress: z.number() });

/** 402 INSUFFICIENT_CREDITS: what the job costs and what the user has, beside the message. */
export const InsufficientCreditsBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    cost: CostWire.optional(),
    balance: CostWire.optional(),
  }),
});
