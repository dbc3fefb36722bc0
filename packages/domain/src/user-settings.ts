import { z } from 'zod';
import { ASPECT_FLAGS } from './commands/flags.ts';
import { LIMITS } from './commands/limits.ts';
import { findCommand } from './commands/registry.ts';
import { LaneWire } from './lane-wire.ts';

/**
 * A person's defaults, set with `/settings` on Discord or in the studio, and applied to their
 * next commands in both: an aspect for image prompts that name none, a LoRA weight for prompts
 * that name a LoRA without one, and whether new creations start private.
 */

/** The aspects a default can be: every aspect flag but `-tile` (a texture, not a shape). */
export const DEFAULT_ASPECTS = ASPECT_FLAGS.filter((flag) => flag.flag !== '-tile').map(
  (flag) => flag.flag,
) as [string, ...string[]];

/** The weights offered as a default: 0.1 to 1 by tenths, and the registry's own default. */
export const DEFAULT_LORA_WEIGHTS: readonly number[] = [
  ...new Set([...Array.from({ length: 10 }, (_, at) => (at + 1) / 10), LIMITS.lora.weight.default]),
].sort((a, b) => a - b);

/** How an adult sees mature creations: shown, blurred until clicked (the default), or left out. */
export const MATURE_DISPLAYS = ['show', 'blur', 'hide'] as const;
export type MatureDisplay = (typeof MATURE_DISPLAYS)[number];

export const UserSettingsWire = z.object({
  /** An aspect flag (`-wide`), or null: square. */
  defaultAspect: z.enum(DEFAULT_ASPECTS).nullable(),
  /** Between 0.1 and 1, or null: the registry's default (0.85). */
  defaultLoraWeight: z.number().min(LIMITS.lora.weight.min).max(LIMITS.lora.weight.max).nullable(),
  privateByDefault: z.boolean(),
  /** Whether the person's plan lets new creations start private. */
  privateAllowed: z.boolean(),
  /** How mature creations show (adults only; under-18s and unknown ages never get them). */
  matureDisplay: z.enum(MATURE_DISPLAYS),
  /** Whether the person may see mature creations at all (a recorded 18 or older). */
  matureAllowed: z.boolean(),
  /** Remix: Vary, Zoom and Pan first open the prompt to edit. */
  remix: z.boolean(),
  /** The lane new jobs run in: fast (credits), relax (free, idle capacity) or turbo (twice, first). */
  lane: LaneWire,
  /** A job the balance cannot pay for runs in relax instead (plans with relax). */
  relaxWhenOut: z.boolean(),
  /** The lanes the person's plan offers. */
  lanes: z.array(LaneWire),
});
export type UserSettingsWire = z.infer<typeof UserSettingsWire>;

export const UserSettingsBody = z.object({ settings: UserSettingsWire });

export const UpdateUserSettingsBody = z
  .object({
    defaultAspect: UserSettingsWire.shape.defaultAspect,
    defaultLoraWeight: UserSettingsWire.shape.defaultLoraWeight,
    privateByDefault: z.boolean(),
    matureDisplay: z.enum(MATURE_DISPLAYS),
    remix: z.boolean(),
    lane: LaneWire,
    relaxWhenOut: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateUserSettings = z.infer<typeof UpdateUserSettingsBody>;

/** New creations can start private on a paid plan; the free plan's are public (the terms). */
export function canStartPrivate(subscriptionStatus: string): boolean {
  return subscriptionStatus !== 'free';
}

/** An aspect's words in menus: "Wide (16:9)". */
export function aspectLabel(flag: string | null): string {
  if (!flag) return 'Square (1:1)';
  const found = ASPECT_FLAGS.find((entry) => entry.flag === flag);
  const ratio = found?.ratio ? ` (${found.ratio[0]}:${found.ratio[1]})` : '';
  const names: Record<string, string> = {
    '-wide': 'Wide',
    '-tall': 'Tall',
    '-34': 'Portrait',
    '-43': 'Landscape',
  };
  return `${names[flag] ?? flag}${ratio}`;
}

/**
 * The prompt with the person's defaults added where the command takes them and the prompt does
 * not say otherwise: the default aspect flag when it names no aspect, `-loraweight` when it names
 * a LoRA without a weight. What is added is visible in the prompt, as if typed.
 */
export function applyPromptDefaults(
  prompt: string,
  input: { command: string; defaultAspect: string | null; defaultLoraWeight: number | null },
): string {
  const definition = findCommand(input.command);
  if (!definition) return prompt;
  const groups = new Set(definition.flags.map((flag) => flag.group));
  const tokens = prompt.split(/\s+/).map((token) => token.toLowerCase());
  const added: string[] = [];
  if (
    input.defaultAspect &&
    groups.has('aspect') &&
    !tokens.some((token) => ASPECT_FLAGS.some((flag) => flag.flag === token))
  ) {
    added.push(input.defaultAspect);
  }
  if (
    input.defaultLoraWeight != null &&
    groups.has('lora') &&
    tokens.includes('-lora') &&
    !tokens.includes('-loraweight')
  ) {
    added.push(`-loraweight ${input.defaultLoraWeight}`);
  }
  return added.length ? `${prompt.trimEnd()} ${added.join(' ')}` : prompt;
}
