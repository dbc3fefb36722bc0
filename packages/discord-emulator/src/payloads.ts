import type { Ctx } from './ctx.ts';
import type { Channel, Message } from './store.ts';
import { GUILD_ID, apiUser, type DiscordUserSeed } from './users.ts';

// Interaction objects as https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object
// describes them (and discord-api-types' APIInteraction types them).

/** Administrator-free permissions an ordinary member has: view, send, embed, attach, history,
 * use application commands. */
export const MEMBER_PERMISSIONS = String(
  (1n << 10n) | (1n << 11n) | (1n << 14n) | (1n << 15n) | (1n << 16n) | (1n << 31n),
);
/** Permissions the bot has in the guild's channels. */
export const APP_PERMISSIONS = String(
  (1n << 10n) | (1n << 11n) | (1n << 14n) | (1n << 15n) | (1n << 16n) | (1n << 18n),
);

export function apiChannel(ctx: Ctx, ch: Channel) {
  const last = ctx.store.messages(ch.id).at(-1)?.id ?? null;
  if (ch.type === 1) {
    const recipient = ctx.store.user(ch.recipientId ?? '');
    return {
      id: ch.id,
      type: 1,
      // Discord sends `name: null` on DM channels (discord-api-types' APIDMChannel requires it).
      name: null,
      last_message_id: last,
      flags: 0,
      recipients: recipient ? [apiUser(recipient)] : [],
    };
  }
  const position = ctx.store.state.channels.filter((c) => c.type === 0).indexOf(ch);
  return {
    id: ch.id,
    type: 0,
    guild_id: GUILD_ID,
    name: ch.name,
    position,
    parent_id: null,
    topic: null,
    nsfw: false,
    last_message_id: last,
    rate_limit_per_user: 0,
    flags: 0,
    permissions: MEMBER_PERMISSIONS,
    permission_overwrites: [],
  };
}

export function apiMember(ctx: Ctx, user: DiscordUserSeed) {
  return {
    avatar: null,
    banner: null,
    communication_disabled_until: null,
    deaf: false,
    flags: 0,
    joined_at: '2025-01-01T00:00:00.000000+00:00',
    mute: false,
    nick: null,
    pending: false,
    permissions: MEMBER_PERMISSIONS,
    premium_since: null,
    roles: [],
    unusual_dm_activity_until: null,
    user: apiUser(user),
  };
}

/** Fields every interaction carries; guild channels get member + guild, DMs get user. */
export function interactionBase(
  ctx: Ctx,
  id: string,
  token: string,
  type: number,
  user: DiscordUserSeed,
  ch: Channel,
) {
  const common = {
    id,
    application_id: ctx.keys.applicationId,
    type,
    token,
    version: 1,
    app_permissions: APP_PERMISSIONS,
    locale: 'en-US',
    entitlements: [],
    entitlement_sku_ids: [],
    attachment_size_limit: 10 * 1024 * 1024,
    channel: apiChannel(ctx, ch),
    channel_id: ch.id,
  };
  if (ch.type === 1)
    return { ...common, context: 1, authorizing_integration_owners: { '0': '0' }, user: apiUser(user) };
  return {
    ...common,
    context: 0,
    authorizing_integration_owners: { '0': GUILD_ID },
    guild: { id: GUILD_ID, locale: 'en-US', features: [] },
    guild_id: GUILD_ID,
    guild_locale: 'en-US',
    member: apiMember(ctx, user),
  };
}

export function componentData(message: Message, customId: string) {
  for (const row of (message.components ?? []) as { components?: Record<string, unknown>[] }[])
    for (const c of row.components ?? [])
      if (c.custom_id === customId)
        return {
          custom_id: customId,
          component_type: c.type as number,
          ...(c.type === 2 ? {} : { values: [] }),
        };
  return null;
}
