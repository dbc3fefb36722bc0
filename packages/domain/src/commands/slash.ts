import type { CommandDefinition, OptionType } from './types.ts';

/** Discord's application-command option type numbers. */
export const DISCORD_OPTION_TYPES: Record<OptionType, number> = {
  string: 3,
  integer: 4,
  boolean: 5,
  number: 10,
  attachment: 11,
};

/** Discord's type for a chat-input (slash) command. */
const CHAT_INPUT = 1;

export interface SlashCommandJson {
  type: number;
  name: string;
  description: string;
  options: {
    type: number;
    name: string;
    description: string;
    required: boolean;
    min_value?: number;
    max_value?: number;
  }[];
}

/**
 * The registration body of a command, in the JSON shape Discord's API (and discord.js's
 * SlashCommandBuilder#toJSON) uses. Slash-command names must be lowercase, so `/Change` registers as
 * `change`; the chat client matches commands regardless of case.
 */
export function toSlashCommandJson(command: CommandDefinition): SlashCommandJson {
  return {
    type: CHAT_INPUT,
    name: command.name.toLowerCase(),
    description: command.summary,
    options: command.options.map((option) => ({
      type: DISCORD_OPTION_TYPES[option.type],
      name: option.name,
      description: option.description,
      required: option.required,
      ...(option.min !== undefined && { min_value: option.min }),
      ...(option.max !== undefined && { max_value: option.max }),
    })),
  };
}
