import type { GuideSectionId } from './guides.ts';
import type { JobFamily } from './job-families.ts';

/**
 * The shape of the command registry. It is plain data so that the web guides can render it and the
 * bot can turn it into slash-command definitions (see `toSlashCommandJson`).
 */

/** Option types a chat slash command accepts; each maps to a Discord application-command option type. */
export type OptionType = 'string' | 'attachment' | 'number' | 'integer' | 'boolean';

export interface CommandOption {
  /** Lowercase option name as the user sees it in the chat client (`prompt`, `image`). */
  name: string;
  type: OptionType;
  required: boolean;
  /** One line, at most 100 characters (the chat platform's limit). */
  description: string;
  /** Bounds for number and integer options. */
  min?: number;
  max?: number;
  /** File kinds an attachment option accepts, as extensions without the dot. */
  accepts?: readonly string[];
}

export type FlagGroup = 'aspect' | 'lora' | 'voice';

/** A flag typed inside a text option (`-wide`, `-lora name`). */
export interface CommandFlag {
  /** The flag as typed, with its leading dash. */
  flag: string;
  group: FlagGroup;
  description: string;
  /** What follows the flag, when it takes a value. */
  value?: {
    type: 'text' | 'number';
    placeholder: string;
    min?: number;
    max?: number;
    default?: number;
    caseSensitive?: boolean;
  };
  /** Width:height for aspect flags, e.g. `[16, 9]`. */
  ratio?: readonly [number, number];
  /** For voice flags: whether the voice imitates a style of famous speaker or is a generic character. */
  voiceKind?: 'celebrity-style' | 'generic';
}

export type LimitUnit = 'seconds' | 'minutes' | 'scenes' | 'clips' | 'images' | 'pixels' | 'voices' | 'ratio';

/** A limit as numbers, so that both the bot and the guides read the same values. */
export interface CommandLimit {
  key: string;
  label: string;
  unit: LimitUnit;
  /** An exact value, or a range. */
  value?: number;
  min?: number;
  max?: number;
  default?: number;
  /** True when the value is an estimate ("about 15 minutes"). */
  approximate?: boolean;
}

export interface CommandExample {
  /** What the user types, as it appears in the chat box. */
  input: string;
  /** What this example shows. */
  note: string;
}

/** A job family, or `general` for commands answered at once. */
export type CommandCategory = JobFamily | 'general';

/** Where a command's answer goes and what it looks like. */
export type CommandAnswer =
  /** Queued, then posted in the same channel with a ping and the result buttons. */
  | { kind: 'queued-result'; result: string }
  /** Queued, then a direct message when a long job (training) finishes. */
  | { kind: 'queued-dm'; result: string }
  /** Answered at once, only to the user who asked. */
  | { kind: 'immediate'; result: string };

export type ChannelKind = 'image' | 'video' | 'music' | 'speech' | 'sound-effects' | 'lipsync';

/**
 * The kind of work a job command asks of a provider. Providers dispatch on this, never on command
 * names: a new command of an existing kind needs no provider change. `denoise` is how far the work
 * may move away from the upload when the user gives no denoising strength.
 */
export type CommandWork =
  | { kind: 'txt2img' }
  | { kind: 'img2img'; denoise: number }
  /** Close takes on a finished image (the vary button). */
  | { kind: 'variation'; denoise: number }
  | { kind: 'fill'; denoise: number; sides: 'tall' | 'wide' | 'both' }
  | { kind: 'interrogate' }
  | { kind: 'blend'; denoise: number }
  /** A finished image made larger with detail (the upscale buttons): exactly `factor` times each side. */
  | { kind: 'upscale'; factor: number }
  /**
   * A finished image on a larger canvas, the new border painted to continue it (zoom out, pan, make
   * square). `denoise` is how freely the border is painted.
   */
  | { kind: 'outpaint'; denoise: number; frame: OutpaintFrame }
  /** A short animation of a finished image (the GIF button). */
  | { kind: 'animate' }
  | { kind: 'video'; clips: number; raw: boolean }
  | { kind: 'movie' }
  | { kind: 'speech' }
  | { kind: 'music' }
  | { kind: 'sfx' }
  | { kind: 'lipsync' }
  | { kind: 'lora-training'; fromZip: boolean };

export type WorkKind = CommandWork['kind'];

export type PanDirection = 'left' | 'right' | 'up' | 'down';

/** How an outpaint grows the canvas. */
export type OutpaintFrame =
  /** Every side grows so the canvas is `factor` times as large, the original centred; no factor: the job's `factor` option. */
  | { type: 'zoom'; factor?: number }
  /** One side grows by half the image's size that way; the original stays on the other side. */
  | { type: 'pan'; direction: PanDirection }
  /** The short sides grow until the canvas is square, the original centred. */
  | { type: 'square' };

/** What a command's definition says to users: the guides, the studio form and registration read it. */
export interface CommandText {
  /** The command without its slash, spelled as users see it in the guides (`make`, `Change`). */
  name: string;
  category: CommandCategory;
  /** The guide section that shows the command: a new command appears there and in `/help`. */
  guide: GuideSectionId;
  /** One line, at most 100 characters. */
  summary: string;
  /** A longer explanation for the guides. */
  details: string;
  options: readonly CommandOption[];
  flags: readonly CommandFlag[];
  limits: readonly CommandLimit[];
  examples: readonly CommandExample[];
  answer: CommandAnswer;
  /** The kind of channel the command is used in; absent when it works anywhere. */
  channel?: ChannelKind;
  /**
   * Where Discord offers the command (0 a server, 1 the bot's DM, 2 other DMs and group DMs);
   * absent: all three.
   */
  contexts?: readonly (0 | 1 | 2)[];
  /**
   * The command's files may come from a form instead (Discord's File Upload in a modal): its
   * attachment options register as optional, and a command sent without them opens the form.
   */
  uploadForm?: boolean;
}

/** What a job needs to be priced, queued and run: shared by commands and result actions. */
export interface JobWork {
  family: JobFamily;
  /** What one run costs, in the family's currency. Required: a job is never free by omission. */
  price: number;
  /** Added to the price when the prompt names a LoRA (a LoRA makes each image much slower). */
  loraSurcharge?: number;
  work: CommandWork;
}

/** A command that queues a job. */
export interface JobCommandDefinition extends CommandText, JobWork {
  general?: false;
}

/**
 * The commands answered at once, each by a handler of its own: a general command's definition must
 * carry one of these names, and the bot's handlers are a record keyed by them, so a general command
 * without a handler fails the typecheck.
 */
export const GENERAL_COMMAND_NAMES = [
  'help',
  'info',
  'settings',
  'myloras',
  'remlora',
  'show',
  'fast',
  'relax',
  'turbo',
] as const;
export type GeneralCommandName = (typeof GENERAL_COMMAND_NAMES)[number];

/** A command answered from the database at once (`/help`, `/myloras`): never queued, never priced. */
export interface GeneralCommandDefinition extends CommandText {
  name: GeneralCommandName;
  general: true;
  family?: never;
  price?: never;
  work?: never;
}

export type CommandDefinition = JobCommandDefinition | GeneralCommandDefinition;
