import { isImageAction } from '../commands/actions.ts';
import { jobWorkOf } from '../commands/registry.ts';
import type { JobFamily } from '../commands/job-families.ts';
import { COMMAND_FAMILIES, type ResultAction } from './families.ts';
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

export { LORA_MAKE_SURCHARGE, MAKE_PRICE } from '../commands/image-commands.ts';

/** The price of each job command and image action, in its family's currency, from its definition. */
export const COMMAND_PRICES: Readonly<Record<string, number>> = Object.fromEntries(
  Object.keys(COMMAND_FAMILIES)
    .map((name) => [name, jobWorkOf(name)?.price] as const)
    .filter((entry): entry is readonly [string, number] => entry[1] !== undefined),
);

const FREE: Price = { credits: 0, hypercredits: 0 };

/**
 * What a command costs with these options. General commands (/help, /myloras, /remlora) are free.
 * Throws RangeError for a name the registry does not know.
 */
export function priceOf(command: string, options: Record<string, unknown> = {}): Price {
  const job = jobWorkOf(command);
  if (!job) return { ...FREE };
  const bare = command.startsWith('/') ? command.slice(1) : command;
  let amount = job.price;
  if (job.loraSurcharge && typeof options.prompt === 'string') {
    if (parsePromptFlags(options.prompt, { command: bare }).lora) amount += job.loraSurcharge;
  }
  return { ...FREE, [FAMILY_CURRENCY[job.family]]: amount };
}

/**
 * What a result button costs. Re-roll and edit run the original command again, so they cost what it
 * cost (an edit is priced with its new options); image actions have prices of their own.
 */
export function priceOfAction(
  action: ResultAction,
  original: { command: string; options: Record<string, unknown> },
  editedOptions?: Record<string, unknown>,
): Price {
  if (isImageAction(action)) return priceOf(action);
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
