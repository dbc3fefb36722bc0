import type { Ctx } from './ctx.ts';
import type { Channel, Message } from './store.ts';
import { FOREIGN_GUILD_ID, GUILD_ID, apiUser, type DiscordUserSeed } from './users.ts';

// Interaction objects as https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object
// describes them (and discord-api-types' APIInteraction types them).

/** Administrator-free permissions an ordinary member has: view, send, embed, attach, history,
 * use application commands. */
export const MEMBER_PERMISSIONS = String(
  (1n << 10n) | (1n << 11n) | (1n << 14n) | (1n << 15n) | (1n << 16n) | (1n << 31n),
);
/** USE_EXTERNAL_APPS: a user-installed app may answer publicly (off where a server turned external apps off). */
export const USE_EXTERNAL_APPS = 1n << 50n;
/** What a user-installed app may do where its bot is not a member: send, embed and attach through its follow-ups. */
const USER_APP_PERMISSIONS = String((1n << 11n) | (1n << 14n) | (1n << 15n));

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
  const position = ctx.store.state.channels
    .filter((c) => c.type === 0 && c.guildId === ch.guildId)
    .indexOf(ch);
  return {
    id: ch.id,
    type: 0,
    guild_id: ch.guildId ?? GUILD_ID,
    name: ch.name,
    position,
    parent_id: null,
    topic: null,
    nsfw: ch.nsfw === true,
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
    app_permissions: ch.guildId ? USER_APP_PERMISSIONS : APP_PERMISSIONS,
    locale: user.locale ?? 'en-US',
    entitlements: [],
    attachment_size_limit: 10 * 1024 * 1024,
    // The interaction's partial channel, as discord-api-types has it (no computed `permissions`).
    channel: (({ permissions: _computed, ...channel }) => channel)(apiChannel(ctx, ch)),
    channel_id: ch.id,
  };
  // Discord names each installation that authorized the interaction: the server's ('0': its id, or
  // '0' in the bot's DM) and the person's own ('1': their id) when they added the app to their account.
  const byUser = user.installed ? { '1': user.id } : {};
  if (ch.type === 1)
    return {
      ...common,
      context: 1,
      authorizing_integration_owners: { '0': '0', ...byUser },
      user: apiUser(user),
    };
  if (ch.guildId === FOREIGN_GUILD_ID) {
    const member = apiMember(ctx, user);
    const permissions = ctx.store.state.foreignExternalAppsOff
      ? member.permissions
      : String(BigInt(member.permissions) | USE_EXTERNAL_APPS);
    return {
      ...common,
      context: 0,
      authorizing_integration_owners: byUser,
      guild: { id: FOREIGN_GUILD_ID, locale: 'en-US', features: [] },
      guild_id: FOREIGN_GUILD_ID,
      guild_locale: 'en-US',
      member: { ...member, permissions },
    };
  }
  return {
    ...common,
    context: 0,
    authorizing_integration_owners: { '0': GUILD_ID, ...byUser },
    guild: { id: GUILD_ID, locale: 'en-US', features: [] },
    guild_id: GUILD_ID,
    guild_locale: 'en-US',
    member: apiMember(ctx, user),
  };
}

/**
 * Whether Discord shows the app's answers to this interaction only to the asker: a user-installed
 * app (the server did not install it) in a server where the asker lacks USE_EXTERNAL_APPS.
 */
export function forcedEphemeral(payload: Record<string, unknown>): boolean {
  const owners = (payload.authorizing_integration_owners ?? {}) as Record<string, string>;
  if (payload.context !== 0 || owners['0']) return false;
  const permissions = (payload.member as { permissions?: string } | undefined)?.permissions ?? '0';
  return (BigInt(permissions) & USE_EXTERNAL_APPS) === 0n;
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
