import {
  type APIApplicationCommandInteractionDataBasicOption,
  type APIAttachment,
  type APIInteraction,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ComponentType,
  InteractionType,
} from 'discord-api-types/v10';

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
}

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
  | { kind: 'button'; base: InteractionBase; action: string; jobId: string; messageId: string }
  | { kind: 'modal'; base: InteractionBase; action: string; jobId: string; fields: Record<string, string> }
  | { kind: 'unsupported' };

export function snowflakeTime(id: string): Date {
  try {
    return new Date(Number((BigInt(id) >> 22n) + DISCORD_EPOCH));
  } catch {
    return new Date();
  }
}

/** `<action>:<jobId>`, the custom id of every result button and the edit modal. */
export function splitCustomId(customId: string): { action: string; jobId: string } {
  const at = customId.indexOf(':');
  return at < 0
    ? { action: customId, jobId: '' }
    : { action: customId.slice(0, at), jobId: customId.slice(at + 1) };
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
        options[option.name] = option.value as string | number | boolean;
      }
    }
    return { kind: 'command', base, name: interaction.data.name, options, attachments };
  }
  if (
    interaction.type === InteractionType.MessageComponent &&
    interaction.data.component_type === ComponentType.Button
  ) {
    return {
      kind: 'button',
      base,
      ...splitCustomId(interaction.data.custom_id),
      messageId: interaction.message.id,
    };
  }
  if (interaction.type === InteractionType.ModalSubmit) {
    const fields: Record<string, string> = {};
    for (const row of interaction.data.components ?? []) {
      const inputs = 'components' in row ? row.components : 'component' in row ? [row.component] : [];
      for (const input of inputs) {
        if (input && 'value' in input && typeof input.value === 'string')
          fields[input.custom_id] = input.value;
      }
    }
    return { kind: 'modal', base, ...splitCustomId(interaction.data.custom_id), fields };
  }
  return { kind: 'unsupported' };
}
