/** Discord users the emulator knows from the start. Fixed ids so a host app can give its own
 * sign-in users the same Discord ids. */
export interface DiscordUserSeed {
  id: string;
  username: string;
  globalName: string;
  /** Confirmed on the channel page to be 18 or older (asked once, before an age-restricted channel). */
  ageConfirmed?: boolean;
  /** The guild roles the member holds (ids), besides @everyone. */
  roles?: string[];
  /** Left the server: still a Discord user, no longer a member. */
  left?: boolean;
  /** When the user joined the server (ISO). */
  joinedAt?: string;
  /** Added the app to their own account (a user install): it then works in any server and DM. */
  installed?: boolean;
  /** The language of their Discord client (`locale` on their interactions); `en-US` when unset. */
  locale?: string;
}

/** A guild role. */
export interface GuildRole {
  id: string;
  name: string;
  color: number;
  position: number;
}

/**
 * The server's roles from the start, with fixed ids: one per plan family, for a host app's
 * plan-to-role setting (`Professional Plan=100000000000000301,…`).
 */
export const SEEDED_ROLES: readonly GuildRole[] = [
  { id: '100000000000000301', name: 'Professional', color: 0x5865f2, position: 1 },
  { id: '100000000000000302', name: 'Founders', color: 0xf0b232, position: 2 },
  { id: '100000000000000303', name: 'Founders Image Only', color: 0x23a55a, position: 3 },
];

/** Discord's role object. */
export function apiRole(role: GuildRole) {
  return {
    id: role.id,
    name: role.name,
    color: role.color,
    colors: { primary_color: role.color, secondary_color: null, tertiary_color: null },
    hoist: true,
    icon: null,
    unicode_emoji: null,
    position: role.position,
    permissions: '0',
    managed: false,
    mentionable: false,
    flags: 0,
  };
}

/** The @everyone role: its id is the guild's. */
export const everyoneRole = (guildId: string) => ({
  ...apiRole({ id: guildId, name: '@everyone', color: 0, position: 0 }),
  hoist: false,
});

/** Discord's guild member object. */
export function apiMember(u: DiscordUserSeed) {
  return {
    user: apiUser(u),
    nick: null,
    avatar: null,
    banner: null,
    roles: [...(u.roles ?? [])],
    joined_at: u.joinedAt ?? '2023-08-22T00:00:00.000000+00:00',
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: null,
  };
}

export const SEEDED_USER_IDS = {
  admin: '100000000000000001',
  member: '100000000000000002',
  free: '100000000000000003',
} as const;

export const SEEDED_USERS: readonly DiscordUserSeed[] = [
  { id: SEEDED_USER_IDS.admin, username: 'admin', globalName: 'Admin' },
  { id: SEEDED_USER_IDS.member, username: 'member', globalName: 'Member' },
  { id: SEEDED_USER_IDS.free, username: 'free', globalName: 'Free' },
];

export const GUILD_ID = '100000000000000100';
export const GUILD_NAME = 'HyperCreate';

export const GUILD_CHANNEL_NAMES = [
  'image-1',
  'image-2',
  'image-3',
  'image-4',
  'image-5',
  'image-6',
  'image-horror',
  'video-1',
  'video-2',
  'video-3',
  'video-4',
  'video-horror',
  'music',
  'speech',
  'sound-effects',
  'lipsync',
] as const;

/**
 * Another server, where the bot is not a member: people who added the app to their account use
 * it there (context 0, installed by the user only). The bot cannot read or post in its channels.
 */
export const FOREIGN_GUILD_ID = '100000000000000150';
export const FOREIGN_GUILD_NAME = 'Friends of HyperCreate';
export const FOREIGN_CHANNEL_NAMES = ['friends-chat', 'friends-after-dark'] as const;
/** The foreign server's age-restricted channel. */
export const FOREIGN_AGE_RESTRICTED = 'friends-after-dark';
export const foreignChannelId = (index: number) => String(100000000000000151n + BigInt(index));

/** Age-restricted channels (Discord's `nsfw` flag): the page asks each person once to confirm
 * they are 18 or older before showing one, and interactions carry `channel.nsfw: true`. */
export const AGE_RESTRICTED_CHANNEL_NAMES: readonly string[] = ['image-horror', 'video-horror'];

/** Guild text channels get stable ids derived from their position. */
export function guildChannelId(index: number): string {
  return String(100000000000000200n + BigInt(index));
}

/** Discord's user object for a user the emulator knows. */
export function apiUser(u: DiscordUserSeed, bot = false) {
  return {
    id: u.id,
    username: u.username,
    global_name: u.globalName,
    discriminator: '0',
    avatar: null,
    public_flags: 0,
    flags: 0,
    ...(bot ? { bot: true } : {}),
    banner: null,
    accent_color: null,
    avatar_decoration_data: null,
    collectibles: null,
    primary_guild: null,
  };
}
