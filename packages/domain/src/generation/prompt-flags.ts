import { ASPECT_FLAGS, LORA_FLAGS, VOICE_FLAGS } from '../commands/flags.ts';
import { LIMITS } from '../commands/limits.ts';
import { findCommand } from '../commands/registry.ts';
import type { CommandFlag, FlagGroup } from '../commands/types.ts';
import { parsePromptWeights, type WeightedSegment } from '../prompt-weighting.ts';

/** The denoising strength the image-changing commands accept. */
export const DENOISE_RANGE = LIMITS.denoise;

export function isValidDenoise(value: unknown): value is number {
  return typeof value === 'number' && value >= DENOISE_RANGE.min && value <= DENOISE_RANGE.max;
}

/** The side of a square image, in pixels; other shapes keep about the same number of pixels. */
export const DEFAULT_BASE_SIZE = 1024;

export interface ParsedPrompt {
  /** The prompt without its flags, weighting kept as typed. */
  prompt: string;
  /** The weighted segments of `prompt`. */
  segments: WeightedSegment[];
  /** The aspect flag used (`-wide`), or null for the default square. */
  aspect: string | null;
  ratio: readonly [number, number];
  width: number;
  height: number;
  /** True for `-tile`: the image should repeat seamlessly. */
  tile: boolean;
  lora: { name: string; weight: number } | null;
  /** The voice flag without its dash (`narrator`), or null. */
  voice: string | null;
  /** Plain-words notes about what was not understood or was ignored. Empty when all went well. */
  issues: string[];
}

export interface ParseOptions {
  /** Only this command's flags are understood; others are reported. Without it, every flag is. */
  command?: string;
  baseSize?: number;
}

const ALL_FLAGS: readonly CommandFlag[] = [...ASPECT_FLAGS, ...LORA_FLAGS, ...VOICE_FLAGS];
const SQUARE: readonly [number, number] = [1, 1];
const { weight: WEIGHT } = LIMITS.lora;
const TRAILING_PUNCTUATION = /[,;]+$/;

/** A token that looks like a flag: a dash and then a letter, or one of the numeric aspect flags. */
function looksLikeFlag(token: string): boolean {
  return /^-[A-Za-z]/.test(token) || ALL_FLAGS.some((flag) => flag.flag === token);
}

/**
 * Width and height for a ratio with about `base × base` pixels, each a multiple of 8 (what image
 * models work in).
 */
export function sizeForRatio(
  ratio: readonly [number, number],
  base = DEFAULT_BASE_SIZE,
): { width: number; height: number } {
  const area = base * base;
  const round8 = (value: number) => Math.max(8, Math.round(value / 8) * 8);
  return {
    width: round8(Math.sqrt((area * ratio[0]) / ratio[1])),
    height: round8(Math.sqrt((area * ratio[1]) / ratio[0])),
  };
}

/**
 * Pulls the flags out of a prompt. Never throws: whatever it cannot use is left out and explained in
 * `issues`, and the rest of the prompt goes through as typed.
 */
export function parsePromptFlags(input: string, options: ParseOptions = {}): ParsedPrompt {
  const text = typeof input === 'string' ? input : '';
  const base = options.baseSize && options.baseSize > 0 ? options.baseSize : DEFAULT_BASE_SIZE;
  const allowed = allowedGroups(options.command);
  const issues: string[] = [];
  const kept: string[] = [];
  let aspect: CommandFlag | null = null;
  let loraName: string | null = null;
  let loraWeight: number | null = null;
  let weightSeen = false;
  let voice: string | null = null;

  // Whitespace runs are kept as tokens so the prompt between flags stays exactly as typed.
  const tokens = text.split(/(\s+)/);
  const nextWord = (index: number): number => {
    for (let next = index + 1; next < tokens.length; next++) if (tokens[next]!.trim()) return next;
    return -1;
  };
  for (let index = 0; index < tokens.length; index++) {
    // A flag typed before a comma (`-wide, at night`) is still the flag.
    const token = tokens[index]!.replace(TRAILING_PUNCTUATION, '');
    if (!token.trim() || !looksLikeFlag(token)) {
      kept.push(tokens[index]!);
      continue;
    }
    const flag = ALL_FLAGS.find((candidate) => candidate.flag === token);
    if (!flag) {
      issues.push(`Unknown flag ${token}: left out.`);
      continue;
    }
    if (!allowed.has(flag.group)) {
      issues.push(`${token} does not work with /${options.command}: left out.`);
      continue;
    }
    if (flag.group === 'aspect') {
      if (aspect && aspect.flag !== token) issues.push(`More than one shape flag: ${token} is used.`);
      aspect = flag;
    } else if (flag.group === 'voice') {
      if (voice && voice !== token.slice(1)) issues.push(`More than one voice flag: ${token} is used.`);
      voice = token.slice(1);
    } else if (flag.flag === '-lora') {
      const at = nextWord(index);
      const name = at >= 0 ? tokens[at]!.replace(TRAILING_PUNCTUATION, '') : '';
      if (!name || looksLikeFlag(name)) {
        issues.push('-lora needs the name of one of your models after it.');
        continue;
      }
      if (loraName && loraName !== name) issues.push(`More than one -lora: ${name} is used.`);
      loraName = name;
      index = at;
    } else {
      weightSeen = true;
      const at = nextWord(index);
      const value = at >= 0 ? tokens[at]!.replace(TRAILING_PUNCTUATION, '') : '';
      if (!/^(\d+(\.\d*)?|\.\d+)$/.test(value)) {
        issues.push(`-loraweight needs a number from ${WEIGHT.min} to ${WEIGHT.max} after it.`);
        continue;
      }
      index = at;
      const weight = Number(value);
      if (weight < WEIGHT.min || weight > WEIGHT.max) {
        issues.push(
          `-loraweight ${value} is outside ${WEIGHT.min}–${WEIGHT.max}; ${WEIGHT.default} is used.`,
        );
      } else loraWeight = weight;
    }
  }
  if (weightSeen && !loraName) issues.push('-loraweight without -lora does nothing.');

  const prompt = kept.join('').replace(/\s+/g, ' ').trim();
  const ratio = aspect?.ratio ?? SQUARE;
  return {
    prompt,
    segments: parsePromptWeights(prompt),
    aspect: aspect?.flag ?? null,
    ratio,
    ...sizeForRatio(ratio, base),
    tile: aspect?.flag === '-tile',
    lora: loraName ? { name: loraName, weight: loraWeight ?? WEIGHT.default } : null,
    voice,
    issues,
  };
}

function allowedGroups(command: string | undefined): Set<FlagGroup> {
  if (command === undefined) return new Set(['aspect', 'lora', 'voice']);
  const definition = findCommand(command);
  return new Set(definition?.flags.map((flag) => flag.group) ?? []);
}
