import {
  type APIApplicationCommandInteractionDataBasicOption,
  type APIAttachment,
  type APIInteraction,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ComponentType,
  InteractionType,
} from 'discord-api-types/v10';
import { AGE_BANDS, type AgeBand, type BotLocale, botLocaleOf } from '@app/domain';
import { z } from 'zod';
import { parseActionCustomId } from './action-components.ts';
import { RESULT_ACTIONS } from './messages.ts';

/** Milliseconds between the Unix epoch and Discord's (2015-01-01), the base of every snowflake. */
const DISCORD_EPOCH = 1420070400000n;

export interface InteractionBase {
  id: string;
  token: string;
  applicationId: string;
  channelId: string;
  /** The channel as the interaction describes it: its name (guild channels) and age restriction. */
  channel: { name?: string; nsfw: boolean; dm: boolean };
  /** The server the interaction came from; absent in DMs. */
  guildId?: string;
  user: { id: string; username: string };
  /** When Discord created the interaction, read from its snowflake id. */
  createdAt: Date;
  /** Where it was used (Discord's `context`): 0 a server, 1 the bot's DM, 2 another DM or group DM. */
  context: 0 | 1 | 2;
  /**
   * Whether the bot itself can post there: `member` where the app is installed to the server (the
   * operator's own, where the family channel rules apply) or in the bot's DM; `app` where only the
   * person installed it (another server, a DM between people), so only the interaction's follow-ups
   * and DMs reach them; `app-private` the same in a server that turned off external apps, where
   * Discord shows the app's answers only to the asker.
   */
  reach: DiscordReach;
  /** The language of the asker's Discord client, as far as the bot speaks it. */
  locale: BotLocale | 'en';
}

export type DiscordReach = 'member' | 'app' | 'app-private';

/** Discord's USE_EXTERNAL_APPS permission: a user-installed app may answer publicly there. */
const USE_EXTERNAL_APPS = 1n << 50n;

export interface AttachmentRef {
  url: string;
  filename: string;
  size: number;
  contentType?: string;
}

export type ParsedInteraction =
  | { kind: 'ping' }
  | {
      kind: 'command';
      base: InteractionBase;
      /** The slash name as Discord sends it (lowercase). */
      name: string;
      options: Record<string, string | number | boolean>;
      attachments: Record<string, AttachmentRef>;
    }
  | {
      kind: 'button';
      base: InteractionBase;
      action: string;
      jobId: string;
      messageId: string;
      /** The clicked message's flags and components (a card is updated in place from them). */
      message: { flags: number; components: unknown[] };
      /** For an image action: which image of the result it works from. */
      index?: number;
    }
  /** A message context-menu command (type 3) on a message: its id. */
  | { kind: 'message-command'; base: InteractionBase; name: string; targetId: string }
  | {
      kind: 'modal';
      base: InteractionBase;
      action: string;
      jobId: string;
      fields: Record<string, string>;
      index?: number;
    }
  /**
   * The upload form's submit (`upload:<command>`): the files of its File Upload, in order, and its
   * text fields by option name.
   */
  | {
      kind: 'upload';
      base: InteractionBase;
      name: string;
      fields: Record<string, string>;
      files: AttachmentRef[];
    }
  /** A menu or button of the `/settings` message (`settings:<setting>`), with the values chosen. */
  | { kind: 'setting'; base: InteractionBase; setting: SettingId; values: string[] }
  /** A button of the age question (`age:<band>`), asked before the first creation. */
  | { kind: 'age'; base: InteractionBase; band: AgeBand }
  /** A refusal's "This was a mistake" button (`appeal:<refusalId>`). */
  | { kind: 'appeal'; base: InteractionBase; refusalId: string }
  /** A button or form whose custom id is not one of ours (malformed, foreign, or from an old version). */
  | { kind: 'stale'; base: InteractionBase; customId: string }
  | { kind: 'unsupported' };

const Snowflake = z.string().regex(/^\d{1,20}$/);
const DiscordUser = z.looseObject({ id: Snowflake, username: z.string().max(100) });

/**
 * The parts of an interaction the bot reads, with their types; everything else passes through.
 * A body that is not such an object (null, an array, a number, fields of the wrong type) is bad input.
 */
const InteractionShape = z.looseObject({
  id: Snowflake,
  application_id: Snowflake,
  type: z.number().int(),
  token: z.string().max(1000).optional(),
  user: DiscordUser.optional(),
  member: z
    .looseObject({ user: DiscordUser.optional(), permissions: z.string().max(30).optional() })
    .optional(),
  context: z.number().int().min(0).max(2).optional(),
  authorizing_integration_owners: z.record(z.string().max(4), z.string().max(20)).optional(),
  locale: z.string().max(20).optional(),
  channel_id: Snowflake.optional(),
  channel: z.looseObject({ id: Snowflake }).optional(),
  message: z.looseObject({ id: Snowflake }).optional(),
  data: z
    .looseObject({
      type: z.number().int().optional(),
      name: z.string().max(100).optional(),
      custom_id: z.string().optional(),
      component_type: z.number().int().optional(),
      values: z.array(z.string().max(100)).max(25).optional(),
      options: z.array(z.looseObject({ name: z.string(), type: z.number().int() })).optional(),
      resolved: z
        .looseObject({ attachments: z.record(z.string(), z.looseObject({ url: z.string() })).optional() })
        .optional(),
      components: z.array(z.looseObject({})).optional(),
    })
    .optional(),
});

/** The interaction in a verified body, or null when the body is not an interaction object. */
export function readInteraction(body: unknown): APIInteraction | null {
  const checked = InteractionShape.safeParse(body);
  if (!checked.success) return null;
  const interaction = checked.data;
  if (interaction.type !== InteractionType.Ping && !interaction.token) return null;
  if (
    interaction.type === InteractionType.MessageComponent &&
    (!interaction.message || typeof interaction.data?.custom_id !== 'string')
  )
    return null;
  if (interaction.type === InteractionType.ModalSubmit && typeof interaction.data?.custom_id !== 'string')
    return null;
  if (interaction.type === InteractionType.ApplicationCommand && !interaction.data?.name) return null;
  return body as APIInteraction;
}

export function snowflakeTime(id: string): Date {
  try {
    return new Date(Number((BigInt(id) >> 22n) + DISCORD_EPOCH));
  } catch {
    return new Date();
  }
}

/** The report form's custom id shares the `<action>:<jobId>` shape with the result buttons. */
const OUR_ACTIONS = new Set<string>([...RESULT_ACTIONS, 'report']);
const CUSTOM_ID = /^([a-z]{1,10}):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** `<action>:<jobId>`, the custom id of every result button and the edit modal; null when not ours. */
export function splitCustomId(customId: string): { action: string; jobId: string; index?: number } | null {
  // An image action's (`act:<action>:<image>:<jobId>`).
  if (customId.startsWith('act:')) return parseActionCustomId(customId);
  // Discord's custom ids are at most 100 characters; ours are far shorter.
  const match = customId.length <= 100 ? CUSTOM_ID.exec(customId) : null;
  if (!match || !OUR_ACTIONS.has(match[1]!)) return null;
  return { action: match[1]!, jobId: match[2]! };
}

export const SETTING_IDS = [
  'aspect',
  'loraweight',
  'private',
  'mature',
  'remix',
  'classic',
  'reset',
  'lane',
  'relaxwhenout',
] as const;
export type SettingId = (typeof SETTING_IDS)[number];
const SETTING_ID = /^settings:([a-z]{1,20})$/;

/** `settings:<setting>`, the custom id of the `/settings` menus and buttons; null when not ours. */
export function settingOf(customId: string): SettingId | null {
  const match = SETTING_ID.exec(customId);
  return match && (SETTING_IDS as readonly string[]).includes(match[1]!) ? (match[1] as SettingId) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `appeal:<refusalId>`, the custom id of a refusal's "This was a mistake" button; null when not ours. */
export function refusalOf(customId: string): string | null {
  const id = customId.startsWith('appeal:') ? customId.slice('appeal:'.length) : '';
  return UUID.test(id) ? id : null;
}

/** `age:<band>`, the custom id of the age question's buttons; null when not ours. */
export function ageBandOf(customId: string): AgeBand | null {
  const band = customId.startsWith('age:') ? customId.slice('age:'.length) : '';
  return (AGE_BANDS as readonly string[]).includes(band) ? (band as AgeBand) : null;
}

/**
 * The interaction's context and whether the bot can post there. A payload without `context` (older
 * clients) is a server when it names one, else the bot's DM; without `authorizing_integration_owners`
 * the app counts as installed where it was used.
 */
function whereFrom(interaction: APIInteraction): Pick<InteractionBase, 'context' | 'reach'> {
  const context = (interaction.context ?? (interaction.guild_id ? 0 : 1)) as 0 | 1 | 2;
  const owners = interaction.authorizing_integration_owners as Record<string, string> | undefined;
  if (context === 1) return { context, reach: 'member' };
  if (context === 0 && (!owners || (interaction.guild_id && owners['0'] === interaction.guild_id)))
    return { context, reach: 'member' };
  if (context === 2) return { context, reach: 'app' };
  let permissions = 0n;
  try {
    permissions = BigInt(interaction.member?.permissions ?? '0');
  } catch {
    permissions = 0n;
  }
  return { context, reach: (permissions & USE_EXTERNAL_APPS) === 0n ? 'app-private' : 'app' };
}

/** Turns Discord's interaction object into what the bot acts on; pure, no I/O. */
export function parseInteraction(interaction: APIInteraction): ParsedInteraction {
  if (interaction.type === InteractionType.Ping) return { kind: 'ping' };
  const user = interaction.member?.user ?? interaction.user;
  const channelId = interaction.channel?.id ?? interaction.channel_id;
  if (!user || !channelId) return { kind: 'unsupported' };
  const base: InteractionBase = {
    id: interaction.id,
    token: interaction.token,
    applicationId: interaction.application_id,
    channelId,
    channel: {
      ...(interaction.channel && 'name' in interaction.channel && interaction.channel.name
        ? { name: interaction.channel.name }
        : {}),
      nsfw: Boolean(interaction.channel && 'nsfw' in interaction.channel && interaction.channel.nsfw),
      dm: !interaction.guild_id,
    },
    ...(interaction.guild_id ? { guildId: interaction.guild_id } : {}),
    user: { id: user.id, username: user.username },
    createdAt: snowflakeTime(interaction.id),
    ...whereFrom(interaction),
    locale: botLocaleOf(interaction.locale),
  };
  if (
    interaction.type === InteractionType.ApplicationCommand &&
    interaction.data.type === ApplicationCommandType.ChatInput
  ) {
    const resolved: Record<string, APIAttachment> = interaction.data.resolved?.attachments ?? {};
    const options: Record<string, string | number | boolean> = {};
    const attachments: Record<string, AttachmentRef> = {};
    for (const option of (interaction.data.options ??
      []) as APIApplicationCommandInteractionDataBasicOption[]) {
      if (option.type === ApplicationCommandOptionType.Attachment) {
        const file = resolved[option.value];
        if (file) {
          attachments[option.name] = {
            url: file.url,
            filename: file.filename,
            size: file.size,
            contentType: file.content_type,
          };
        }
      } else if ('value' in option && ['string', 'number', 'boolean'].includes(typeof option.value)) {
        options[option.name] = option.value;
      }
    }
    return { kind: 'command', base, name: interaction.data.name, options, attachments };
  }
  if (
    interaction.type === InteractionType.ApplicationCommand &&
    interaction.data.type === ApplicationCommandType.Message &&
    /^\d{1,20}$/.test(String(interaction.data.target_id))
  ) {
    return {
      kind: 'message-command',
      base,
      name: interaction.data.name,
      targetId: interaction.data.target_id,
    };
  }
  if (
    interaction.type === InteractionType.MessageComponent &&
    interaction.data.custom_id.startsWith('settings:')
  ) {
    const setting = settingOf(interaction.data.custom_id);
    if (!setting) return { kind: 'stale', base, customId: interaction.data.custom_id };
    const values =
      interaction.data.component_type === ComponentType.StringSelect
        ? [...(interaction.data.values ?? [])]
        : [];
    return { kind: 'setting', base, setting, values };
  }
  if (
    interaction.type === InteractionType.MessageComponent &&
    interaction.data.component_type === ComponentType.Button &&
    interaction.data.custom_id.startsWith('appeal:')
  ) {
    const refusalId = refusalOf(interaction.data.custom_id);
    return refusalId
      ? { kind: 'appeal', base, refusalId }
      : { kind: 'stale', base, customId: interaction.data.custom_id };
  }
  if (
    interaction.type === InteractionType.MessageComponent &&
    interaction.data.component_type === ComponentType.Button &&
    interaction.data.custom_id.startsWith('age:')
  ) {
    const band = ageBandOf(interaction.data.custom_id);
    return band ? { kind: 'age', base, band } : { kind: 'stale', base, customId: interaction.data.custom_id };
  }
  if (
    interaction.type === InteractionType.MessageComponent &&
    interaction.data.component_type === ComponentType.Button
  ) {
    const ours = splitCustomId(interaction.data.custom_id);
    // `report:` names the report form, never a button.
    if (!ours || ours.action === 'report')
      return { kind: 'stale', base, customId: interaction.data.custom_id };
    return {
      kind: 'button',
      base,
      ...ours,
      messageId: interaction.message.id,
      message: {
        flags: typeof interaction.message.flags === 'number' ? interaction.message.flags : 0,
        components: Array.isArray(interaction.message.components) ? interaction.message.components : [],
      },
    };
  }
  if (interaction.type === InteractionType.ModalSubmit && interaction.data.custom_id.startsWith('upload:')) {
    const name = interaction.data.custom_id.slice('upload:'.length);
    if (!/^[a-z]{1,32}$/.test(name)) return { kind: 'stale', base, customId: interaction.data.custom_id };
    const resolved: Record<string, APIAttachment> =
      (interaction.data as { resolved?: { attachments?: Record<string, APIAttachment> } }).resolved
        ?.attachments ?? {};
    const fields: Record<string, string> = {};
    const files: AttachmentRef[] = [];
    for (const row of interaction.data.components ?? []) {
      const inputs = 'components' in row ? row.components : 'component' in row ? [row.component] : [];
      for (const input of inputs as {
        type?: number;
        custom_id?: string;
        value?: unknown;
        values?: unknown;
      }[]) {
        if (input.type === ComponentType.FileUpload && Array.isArray(input.values)) {
          for (const id of input.values) {
            const file = typeof id === 'string' ? resolved[id] : undefined;
            if (file)
              files.push({
                url: file.url,
                filename: file.filename,
                size: file.size,
                contentType: file.content_type,
              });
          }
        } else if (typeof input.custom_id === 'string' && typeof input.value === 'string') {
          fields[input.custom_id] = input.value;
        }
      }
    }
    return { kind: 'upload', base, name, fields, files };
  }
  if (interaction.type === InteractionType.ModalSubmit) {
    const ours = splitCustomId(interaction.data.custom_id);
    if (!ours) return { kind: 'stale', base, customId: interaction.data.custom_id };
    const fields: Record<string, string> = {};
    for (const row of interaction.data.components ?? []) {
      const inputs = 'components' in row ? row.components : 'component' in row ? [row.component] : [];
      for (const input of inputs) {
        if (input && 'value' in input && typeof input.value === 'string')
          fields[input.custom_id] = input.value;
      }
    }
    return { kind: 'modal', base, ...ours, fields };
  }
  return { kind: 'unsupported' };
}
