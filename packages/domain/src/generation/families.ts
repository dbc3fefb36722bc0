import { COMMANDS, findCommand } from '../commands/registry.ts';

/** The kinds of generation job; each is served by one provider and paid in one currency. */
export type JobFamily = 'image' | 'video' | 'audio' | 'lipsync' | 'lora';

/** Buttons under a result that start a new job from it. */
export type ResultAction = 'vary' | 'gif' | 'reroll' | 'edit';

/** Commands that answer from the database at once: never queued, never priced. */
const GENERAL = new Set(['help', 'myloras', 'remlora']);

/** Actions that make a new image from a posted image result. */
const IMAGE_ACTIONS = new Set(['vary', 'gif']);

/**
 * The job family of a command or image action, or `general` for commands that are not jobs.
 * Throws RangeError for a name the registry does not know.
 */
export function familyOf(command: string): JobFamily | 'general' {
  const bare = command.startsWith('/') ? command.slice(1) : command;
  if (IMAGE_ACTIONS.has(bare)) return 'image';
  const definition = findCommand(bare);
  if (!definition) throw new RangeError(`Unknown command: ${command}`);
  if (GENERAL.has(definition.name) || definition.category === 'general') return 'general';
  return definition.category;
}

/** True when the command queues a job (and so costs something). */
export function isJobCommand(command: string): boolean {
  return familyOf(command) !== 'general';
}

/** Every command of the registry and every image action, with its family (`general`: not a job). */
export const COMMAND_FAMILIES: Readonly<Record<string, JobFamily | 'general'>> = Object.fromEntries([
  ...COMMANDS.map((command) => [command.name, familyOf(command.name)] as const),
  ...[...IMAGE_ACTIONS].map((action) => [action, 'image'] as const),
]);
