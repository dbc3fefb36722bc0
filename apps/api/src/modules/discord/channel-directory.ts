import type { ChannelDefinition } from '@app/domain';
import type { API } from '@discordjs/core/http-only';

/** How long a server's channel ids are reused before Discord is asked again. */
export const CHANNEL_IDS_TTL_MS = 10 * 60_000;
/** After a failed look-up, wait this long before asking again (refusals name `#channel` meanwhile). */
const RETRY_AFTER_MS = 30_000;

export interface ChannelDirectory {
  /** The server's creation channels (our names, or `DISCORD_CHANNELS`). */
  definitions: readonly ChannelDefinition[];
  /** The guild's text channel ids by name, from Get Guild Channels, cached; empty when unknown. */
  ids(guildId: string | undefined): Promise<ReadonlyMap<string, string>>;
}

export function createChannelDirectory(input: {
  definitions: readonly ChannelDefinition[];
  api: () => API;
  now?: () => number;
}): ChannelDirectory {
  const now = input.now ?? Date.now;
  const cache = new Map<string, { until: number; ids: Promise<ReadonlyMap<string, string>> }>();
  return {
    definitions: input.definitions,
    ids(guildId) {
      if (!guildId) return Promise.resolve(new Map());
      const cached = cache.get(guildId);
      if (cached && cached.until > now()) return cached.ids;
      const entry = { until: now() + CHANNEL_IDS_TTL_MS, ids: Promise.resolve(new Map<string, string>()) };
      entry.ids = input
        .api()
        .guilds.getChannels(guildId)
        .then(
          (channels) =>
            new Map(channels.flatMap((channel) => (channel.name ? [[channel.name, channel.id]] : []))),
        )
        .catch(() => {
          entry.until = now() + RETRY_AFTER_MS;
          return new Map<string, string>();
        });
      // Concurrent refusals in one server share one request.
      cache.set(guildId, entry);
      return entry.ids;
    },
  };
}
