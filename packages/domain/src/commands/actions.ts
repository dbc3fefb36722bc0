import type { CommandDefinition, CommandOption } from './types.ts';

/** What a job made by a result's Vary or GIF button accepts: the prompt of the image it starts from. */
export type ActionCommand = Pick<CommandDefinition, 'name' | 'options'>;

const FROM_PROMPT: CommandOption = {
  name: 'prompt',
  type: 'string',
  required: false,
  description: 'The prompt of the image this is made from.',
};

/**
 * Vary and GIF are jobs of their own that no one types: they start from a finished image. Their
 * options are checked at submission like every command's.
 */
export const IMAGE_ACTION_COMMANDS: readonly ActionCommand[] = [
  { name: 'vary', options: [FROM_PROMPT] },
  { name: 'gif', options: [FROM_PROMPT] },
];

export function findActionCommand(name: string): ActionCommand | undefined {
  return IMAGE_ACTION_COMMANDS.find((command) => command.name === name);
}
