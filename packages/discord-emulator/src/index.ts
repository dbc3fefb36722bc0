export {
  createDiscordEmulator,
  startDiscordEmulator,
  type DiscordEmulator,
  type DiscordEmulatorOptions,
  type StartedDiscordEmulator,
} from './emulator.ts';
export { recordingObserver, type Observed, type ResponseObserver } from './observer.ts';
export type { PageUser, ResolveUser } from './page-people.ts';
export { signInteraction, verifyInteraction } from './signing.ts';
export type { Keys } from './store.ts';
export {
  GUILD_CHANNEL_NAMES,
  GUILD_ID,
  SEEDED_ROLES,
  SEEDED_USERS,
  SEEDED_USER_IDS,
  type DiscordUserSeed,
} from './users.ts';
