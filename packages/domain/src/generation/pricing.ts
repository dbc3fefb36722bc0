import { LIMITS } from '../commands/limits.ts';
import { familyOf, type JobFamily, type ResultAction } from './families.ts';
import { parsePromptFlags } from './prompt-flags.ts';

export interface Price {
  credits: number;
  hypercredits: number;
}

/** Image work and LoRA training are paid in credits; everything with sound or motion in hypercredits. */
export const FAMILY_CURRENCY: Record<JobFamily, keyof Price> = {
  image: 'credits',
  lora: 'credits',
  video: 'hypercredits',
  audio: 'hypercredits',
  lipsync: 'hypercredits',
};

/**
 * The price of each job command, in its family's currency. Scaled to the plans: the Professional
 * plan's 2,500 credits make over 600 grids and its 50 hypercredits about ten clips; a movie is four
 * clips plus scoring; training a LoRA keeps a GPU busy for about a quarter of an hour.
 */
/** One /make grid. */
export const MAKE_PRICE = 4;

export const COMMAND_PRICES: Readonly<Record<string, number>> = {
  make: MAKE_PRICE,
  describe: 1,
  blend: 4,
  Change: 4,
  adjust: 4,
  filltall: 3,
  fillwide: 3,
  fillboth: 4,
  video: 5,
  batchvideo: 5 * LIMITS.batchVideoClips,
  rawbatchvideo: 5 * LIMITS.batchVideoClips,
  movie: 25,
  speak: 2,
  music: 4,
  sfx: 2,
  lipsync: 6,
  loracreate: 400,
  loracreatefromzip: 400,
  vary: 4,
  gif: 2,
};

/** A /make with a LoRA takes about a minute per image instead of seconds, so it costs double. */
export const LORA_MAKE_SURCHARGE = 4;

const FREE: Price = { credits: 0, hypercredits: 0 };

/**
 * What a command costs with these options. General commands (/help, /myloras, /remlora) are free.
 * Throws RangeError for a name the registry does not know.
 */
export function priceOf(command: string, options: Record<string, unknown> = {}): Price {
  const family = familyOf(command);
  if (family === 'general') return { ...FREE };
  const bare = command.startsWith('/') ? command.slice(1) : command;
  let amount = COMMAND_PRICES[bare] ?? 0;
  if (bare === 'make' && typeof options.prompt === 'string') {
    if (parsePromptFlags(options.prompt, { command: 'make' }).lora) amount += LORA_MAKE_SURCHARGE;
  }
  return { ...FREE, [FAMILY_CURRENCY[family]]: amount };
}

/**
 * What a result button costs. Re-roll and edit run the original command again, so they cost what it
 * cost (an edit is priced with its new options); vary and GIF have prices of their own.
 */
export function priceOfAction(
  action: ResultAction,
  original: { command: string; options: Record<string, unknown> },
  editedOptions?: Record<string, unknown>,
): Price {
  if (action === 'vary' || action === 'gif') return priceOf(action);
  return priceOf(
    original.command,
    action === 'edit' ? (editedOptions ?? original.options) : original.options,
  );
}

export interface Shortfall {
  currency: keyof Price;
  /** How many more the balance needs. */
  missing: number;
}

/** What a balance lacks to pay a price (the first currency short), or null when it can pay. */
export function shortfallOf(cost: Price, balance: Price): Shortfall | null {
  for (const currency of ['hypercredits', 'credits'] as const) {
    const missing = cost[currency] - Math.max(0, balance[currency]);
    if (missing > 0) return { currency, missing };
  }
  return null;
}
