import { z } from 'zod';
import { LANES } from './lanes.ts';

// The lanes' wire schemas, apart from `lanes.ts`, so pages that only price or name a lane (the
// landing page's strip among them) do not load zod.

export const LaneWire = z.enum(LANES);

/** A person's lane use in the current period (since their plan last renewed), as every view shows it. */
export const LaneUsageWire = z.object({
  /** The person's default lane, and whether a job switches to relax when credits run out. */
  lane: LaneWire,
  relaxWhenOut: z.boolean(),
  /** The lanes the person's plan offers. */
  lanes: z.array(LaneWire),
  /** When the current period began (the last renewal; the month's start without one). */
  periodStart: z.string(),
  /** Credits and hypercredits spent in fast and in turbo this period (refunded jobs not counted). */
  spent: z.object({
    fast: z.object({ credits: z.number().int(), hypercredits: z.number().int() }),
    turbo: z.object({ credits: z.number().int(), hypercredits: z.number().int() }),
  }),
  /** Relax jobs this period and today, and the plan's cap a day (null: none). */
  relax: z.object({
    period: z.number().int(),
    today: z.number().int(),
    dailyCap: z.number().int().nullable(),
  }),
});
export type LaneUsageWire = z.infer<typeof LaneUsageWire>;
