// The Discord emulator's REST answers checked against discord-api-types' result type for each route.
import { join } from 'node:path';
import ts from 'typescript';
import { cached, packageDir, packageVersion } from './cache.ts';
import { ShapeBuilder, createProgram, type Schema, type Shape } from './shape.ts';
import { validate, type Failure } from './validate.ts';

/** Route (method and the emulator's bucket name) → discord-api-types' result type for it. */
export const DISCORD_RESULTS: Record<string, string> = {
  'POST interactions/callback': 'RESTPostAPIInteractionCallbackWithResponseResult',
  'POST webhooks': 'RESTPostAPIWebhookWithTokenWaitResult',
  'GET webhooks/messages': 'RESTGetAPIWebhookWithTokenMessageResult',
  'PATCH webhooks/messages': 'RESTPatchAPIWebhookWithTokenMessageResult',
  'POST channels/messages': 'RESTPostAPIChannelMessageResult',
  'GET channels/messages': 'RESTGetAPIChannelMessagesResult',
  'GET channels/messages/id': 'RESTGetAPIChannelMessageResult',
  'PATCH channels/messages/id': 'RESTPatchAPIChannelMessageResult',
  'POST users/@me/channels': 'RESTPostAPICurrentUserCreateDMChannelResult',
  'GET users/@me': 'RESTGetAPICurrentUserResult',
  'GET applications/commands': 'RESTGetAPIApplicationCommandsResult',
  'PUT applications/commands': 'RESTPutAPIApplicationCommandsResult',
  'GET guilds/roles': 'RESTGetAPIGuildRolesResult',
  'GET guilds/members': 'RESTGetAPIGuildMemberResult',
  // What the emulator sends the app: interactions, and webhook events (APPLICATION_AUTHORIZED).
  'SEND interaction': 'APIInteraction',
  'SEND webhook-event': 'APIWebhookEvent',
};

export interface RouteSchema extends Schema {
  byResult: Record<string, Shape>;
}

export function buildDiscordSchema(): RouteSchema {
  const names = [...new Set(Object.values(DISCORD_RESULTS))];
  const fileName = join(packageDir('discord-api-types'), '__fidelity_roots__.ts');
  const text = `import type * as D from 'discord-api-types/v10';\nexport interface Roots {\n${names
    .map((n) => `  ${n}: D.${n};`)
    .join('\n')}\n}\n`;
  const program = createProgram([], { fileName, text });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(fileName)!;
  const roots = source.statements.find(ts.isInterfaceDeclaration)!;
  const rootsType = checker.getTypeAtLocation(roots.name);
  const builder = new ShapeBuilder(checker);
  const byResult: Record<string, Shape> = {};
  for (const n of names) {
    const prop = rootsType.getProperty(n);
    if (!prop) throw new Error(`discord-api-types has no ${n}`);
    byResult[n] = builder.shape(checker.getTypeOfSymbol(prop));
  }
  return { source: `discord-api-types@${packageVersion('discord-api-types')}`, defs: builder.defs, byResult };
}

export function discordSchema(): RouteSchema {
  return cached(`discord-api-types-${packageVersion('discord-api-types')}`, buildDiscordSchema);
}

/** Checks one REST answer; routes without a JSON result type (204s) are not checked. */
export function checkDiscordResponse(
  route: string,
  body: unknown,
  schema: RouteSchema,
): { type: string; failures: Failure[] } | null {
  const type = DISCORD_RESULTS[route];
  const shape = type ? schema.byResult[type] : undefined;
  if (!type || !shape) return null;
  return { type, failures: validate(body, shape, schema) };
}
