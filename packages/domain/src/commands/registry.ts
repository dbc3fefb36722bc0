import { GENERAL_COMMANDS, LORA_COMMANDS } from './lora-commands.ts';
import { IMAGE_COMMANDS } from './image-commands.ts';
import { AUDIO_COMMANDS, LIPSYNC_COMMANDS, VIDEO_COMMANDS } from './media-commands.ts';
import { IMAGE_ACTION_LIST, type ImageActionName } from './actions.ts';
import type { GuideSectionId } from './guides.ts';
import type { CommandCategory, CommandDefinition, JobWork } from './types.ts';

/** Every bot command, grouped by category in the order the guides present them. */
export const COMMANDS: readonly CommandDefinition[] = [
  ...IMAGE_COMMANDS,
  ...VIDEO_COMMANDS,
  ...AUDIO_COMMANDS,
  ...LIPSYNC_COMMANDS,
  ...LORA_COMMANDS,
  ...GENERAL_COMMANDS,
];

export const COMMAND_CATEGORIES: readonly { id: CommandCategory; title: string }[] = [
  { id: 'image', title: 'Images' },
  { id: 'video', title: 'Video' },
  { id: 'audio', title: 'Audio' },
  { id: 'lipsync', title: 'Lip-sync' },
  { id: 'lora', title: 'LoRA models' },
  { id: 'general', title: 'Help' },
];

/** The command with this name (as users type it, `Change` included), if there is one. */
export function findCommand(name: string): CommandDefinition | undefined {
  const bare = name.startsWith('/') ? name.slice(1) : name;
  return COMMANDS.find((command) => command.name === bare);
}

/** Like `findCommand`, for names the code knows exist. */
export function getCommand(name: string): CommandDefinition {
  const command = findCommand(name);
  if (!command) throw new RangeError(`Unknown command: ${name}`);
  return command;
}

export function commandsIn(category: CommandCategory): CommandDefinition[] {
  return COMMANDS.filter((command) => command.category === category);
}

/** The commands a guide section shows, in registry order; a fixture registry may stand in. */
export function commandsInSection(
  section: GuideSectionId,
  commands: readonly CommandDefinition[] = COMMANDS,
): CommandDefinition[] {
  return commands.filter((command) => command.guide === section);
}

/** Result actions that start a new image job from a posted image: priced and run like commands. */
export const IMAGE_ACTIONS: Readonly<Record<ImageActionName, JobWork>> = Object.fromEntries(
  IMAGE_ACTION_LIST.map(({ name, family, price, work }) => [name, { family, price, work }]),
) as Record<ImageActionName, JobWork>;

/**
 * The family, price and kind of work of a job command or image action; undefined for general
 * commands. Throws RangeError for a name the registry does not know.
 */
export function jobWorkOf(name: string): JobWork | undefined {
  const bare = name.startsWith('/') ? name.slice(1) : name;
  if (Object.hasOwn(IMAGE_ACTIONS, bare)) return IMAGE_ACTIONS[bare as keyof typeof IMAGE_ACTIONS];
  const definition = findCommand(bare);
  if (!definition) throw new RangeError(`Unknown command: ${name}`);
  return definition.general ? undefined : definition;
}
