import { localizationsOf } from './locales/index.ts';
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

/** Discord's installation contexts (`ApplicationIntegrationType`): to a server, to a user's account. */
export const INTEGRATION_TYPES = { guildInstall: 0, userInstall: 1 } as const;
/** Discord's interaction contexts (`InteractionContextType`): a server, the bot's DM, other DMs and groups. */
export const INTERACTION_CONTEXTS = { guild: 0, botDm: 1, privateChannel: 2 } as const;
export type InteractionContext = (typeof INTERACTION_CONTEXTS)[keyof typeof INTERACTION_CONTEXTS];
/** Where a command may be used when its definition names no narrower set: everywhere. */
export const ALL_CONTEXTS: readonly InteractionContext[] = [0, 1, 2];

export interface SlashCommandJson {
  type: number;
  name: string;
  name_localizations: Record<string, string>;
  description: string;
  description_localizations: Record<string, string>;
  integration_types: number[];
  contexts: number[];
  options: {
    type: number;
    name: string;
    name_localizations: Record<string, string>;
    description: string;
    description_localizations: Record<string, string>;
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
    name_localizations: localizationsOf((catalog) => catalog.commandNames[command.name]),
    description: command.summary,
    description_localizations: localizationsOf((catalog) => catalog.texts[command.summary]),
    // Installable to a server and to a person's account, so it works in any server and DM.
    integration_types: [INTEGRATION_TYPES.guildInstall, INTEGRATION_TYPES.userInstall],
    contexts: [...(command.contexts ?? ALL_CONTEXTS)],
    options: registeredOptions(command).map((option) => ({
      type: DISCORD_OPTION_TYPES[option.type],
      name: option.name,
      name_localizations: localizationsOf((catalog) => catalog.optionNames[option.name]),
      description: option.description,
      description_localizations: localizationsOf((catalog) => catalog.texts[option.description]),
      required: option.required && !(command.uploadForm && option.type === 'attachment'),
      ...(option.min !== undefined && { min_value: option.min }),
      ...(option.max !== undefined && { max_value: option.max }),
    })),
  };
}

/**
 * The options in the order Discord takes them: required ones first. A command with an upload form
 * registers its files as optional (they may come from the form), so they move behind the others.
 */
function registeredOptions(command: CommandDefinition) {
  const required = (option: CommandDefinition['options'][number]) =>
    option.required && !(command.uploadForm && option.type === 'attachment');
  return [...command.options.filter(required), ...command.options.filter((option) => !required(option))];
}

/** A message command's (type 3, "Apps" on a message) registration body, installable and localized alike. */
export function toMessageCommandJson(command: { type: 3; name: string }) {
  return {
    type: command.type,
    name: command.name,
    name_localizations: localizationsOf((catalog) => catalog.commandNames[command.name]),
    integration_types: [INTEGRATION_TYPES.guildInstall, INTEGRATION_TYPES.userInstall],
    contexts: [...ALL_CONTEXTS],
  };
}
