import { COMMANDS, MESSAGE_COMMANDS, toMessageCommandJson, toSlashCommandJson } from '@app/domain';
import type { API } from '@discordjs/core/http-only';
import type { RESTPutAPIApplicationCommandsJSONBody } from 'discord-api-types/v10';

/**
 * Replaces the application's global commands with the registry's, in one bulk overwrite: running
 * it again with the same registry changes nothing, and a command removed from the registry goes.
 */
export async function registerCommands({ api, applicationId }: { api: API; applicationId: string }) {
  const body = [
    ...COMMANDS.map(toSlashCommandJson),
    ...MESSAGE_COMMANDS.map(toMessageCommandJson),
  ] as RESTPutAPIApplicationCommandsJSONBody;
  return api.applicationCommands.bulkOverwriteGlobalCommands(applicationId, body);
}
