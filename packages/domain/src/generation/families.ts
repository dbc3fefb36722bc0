import { COMMANDS, IMAGE_ACTIONS, jobWorkOf } from '../commands/registry.ts';
import type { JobFamily } from '../commands/job-families.ts';

import type { ImageActionName } from '../commands/actions.ts';

/** Buttons under a result that start a new job from it. */
export type ResultAction = ImageActionName | 'reroll' | 'edit';

/**
 * The job family of a command or image action, or `general` for commands that are not jobs (their
 * definitions say `general: true`). Throws RangeError for a name the registry does not know.
 */
export function familyOf(command: string): JobFamily | 'general' {
  return jobWorkOf(command)?.family ?? 'general';
}

/** True when the command queues a job (and so costs something). */
export function isJobCommand(command: string): boolean {
  return familyOf(command) !== 'general';
}

/** Every command of the registry and every image action, with its family (`general`: not a job). */
export const COMMAND_FAMILIES: Readonly<Record<string, JobFamily | 'general'>> = Object.fromEntries([
  ...COMMANDS.map((command) => [command.name, familyOf(command.name)] as const),
  ...Object.keys(IMAGE_ACTIONS).map((action) => [action, 'image'] as const),
]);
