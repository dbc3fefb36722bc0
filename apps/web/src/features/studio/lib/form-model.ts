import {
  COMMANDS,
  COMMAND_CATEGORIES,
  type CommandDefinition,
  type CommandFlag,
  type CommandOption,
  type FlagGroup,
  type Lane,
  type Price,
  type Shortfall,
  isJobCommand,
  priceInLane,
  priceOf,
  shortfallOf,
} from '@app/domain';

/** The commands the studio offers, by the registry's categories (help and listings stay in chat). */
export const STUDIO_CATEGORIES = COMMAND_CATEGORIES.filter((category) => category.id !== 'general')
  .map((category) => ({
    ...category,
    commands: COMMANDS.filter(
      (command) =>
        command.category === category.id && isJobCommand(command.name) && command.options.length > 0,
    ),
  }))
  .filter((category) => category.commands.length > 0);

export const findStudioCommand = (name: string | null | undefined) =>
  STUDIO_CATEGORIES.flatMap((category) => category.commands).find((command) => command.name === name);

/** "image1" → "Image 1", "prompt" → "Prompt". */
export function optionLabel(option: Pick<CommandOption, 'name'>): string {
  const spaced = option.name.replace(/(\d+)$/, ' $1');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The text option the command's flags are typed into (`prompt` of /make, `text` of /speak). */
export function flagTarget(command: CommandDefinition): string | null {
  if (command.flags.length === 0) return null;
  return command.options.find((option) => option.type === 'string' && option.required)?.name ?? null;
}

export const flagGroups = (command: CommandDefinition): FlagGroup[] => [
  ...new Set(command.flags.map((flag) => flag.group)),
];

export const flagsIn = (command: CommandDefinition, group: FlagGroup): CommandFlag[] =>
  command.flags.filter((flag) => flag.group === group);

/** What the flag controls chose; each is typed after the text as the bot would read it. */
export interface FlagChoices {
  aspect?: string;
  voice?: string;
  lora?: { name: string; weight: number };
}

export type FieldValue = string | number | boolean;

/** An attachment while it uploads: done when it has the server's upload id. */
export interface UploadState {
  name: string;
  progress: number;
  uploadId?: string;
  previewUrl?: string;
  mime?: string;
  error?: string;
}

export function flagText(choices: FlagChoices): string {
  const parts: string[] = [];
  if (choices.aspect) parts.push(choices.aspect);
  if (choices.voice) parts.push(choices.voice);
  if (choices.lora) parts.push(`-lora ${choices.lora.name}`, `-loraweight ${choices.lora.weight}`);
  return parts.join(' ');
}

/** The options of `POST /api/jobs`: text with the chosen flags, numbers, and upload ids. */
export function composeOptions(
  command: CommandDefinition,
  values: Record<string, FieldValue>,
  uploads: Record<string, UploadState | undefined>,
  choices: FlagChoices,
): Record<string, FieldValue> {
  const target = flagTarget(command);
  const options: Record<string, FieldValue> = {};
  for (const option of command.options) {
    if (option.type === 'attachment') {
      const uploadId = uploads[option.name]?.uploadId;
      if (uploadId) options[option.name] = uploadId;
      continue;
    }
    const value = values[option.name];
    if (value === undefined || value === '') continue;
    if (option.name === target && typeof value === 'string') {
      options[option.name] = [value.trim(), flagText(choices)].filter(Boolean).join(' ');
    } else options[option.name] = typeof value === 'string' ? value.trim() : value;
  }
  return options;
}

export interface SubmitState {
  cost: Price;
  /** The lane it would run in (relax when a short balance sends it there). */
  lane: Lane;
  /** The currency the command is paid in. */
  currency: 'credits' | 'hypercredits';
  /** Why Create cannot be pressed yet, in plain words; null when it can. */
  reason: string | null;
  /** Whether the reason is a problem to fix (a failed upload, too few credits), not a next step. */
  problem: boolean;
  /** When the balance is short: which currency and how much more, for the way to buy it. */
  shortfall?: Shortfall;
}

/** The price of what the form would submit, and what stops it from being submitted. */
export function submitState(input: {
  command: CommandDefinition;
  values: Record<string, FieldValue>;
  uploads: Record<string, UploadState | undefined>;
  choices: FlagChoices;
  balance: Price | null;
  /** The person's mode (default fast) and whether a short balance sends the job to relax. */
  lane?: Lane;
  relaxWhenOut?: boolean;
  submitting?: boolean;
}): SubmitState {
  const { command, values, uploads, choices, balance } = input;
  const options = composeOptions(command, values, uploads, choices);
  const price = priceOf(command.name, options);
  const currency = price.hypercredits > 0 ? 'hypercredits' : 'credits';
  let lane = input.lane ?? 'fast';
  let cost = priceInLane(price, lane);
  const state = (reason: string | null, problem = false): SubmitState => ({
    cost,
    currency,
    lane,
    reason,
    problem,
  });
  if (input.submitting) return state('Sending your job…');
  for (const option of command.options) {
    const upload = uploads[option.name];
    if (option.type === 'attachment') {
      if (upload?.error) return state(`${optionLabel(option)}: ${upload.error}`, true);
      if (upload && !upload.uploadId) return state(`${optionLabel(option)} is still uploading.`);
      if (option.required && !upload) return state(`Add a file for ${optionLabel(option)}.`);
    } else if (option.required) {
      const value = values[option.name];
      if (typeof value !== 'string' || !value.trim())
        return state(`Type a ${optionLabel(option).toLowerCase()} first.`);
    }
  }
  if (!balance) return state('Sign in to create.');
  const shortfall = shortfallOf(cost, balance);
  // Short of credits with relax when out chosen: the job goes to relax, at no cost.
  if (shortfall && input.relaxWhenOut && lane !== 'relax') {
    lane = 'relax';
    cost = priceInLane(price, lane);
    return state(null);
  }
  if (shortfall) {
    const { currency: short } = shortfall;
    return {
      ...state(`Not enough ${short}: this costs ${cost[short]} and you have ${balance[short]}.`, true),
      shortfall,
    };
  }
  return state(null);
}
