import { DiscordAPIError } from '@discordjs/rest';
import type { AccountNotifier } from '../billing/account-notices.ts';
import type { BotDeps } from './bot-deps.ts';

/**
 * Account notices as Discord direct messages through the bot's REST client (`DISCORD_API_URL`, or
 * the emulator): no client retries (a repeat after a lost answer could post twice); the nonce with
 * `enforce_nonce` folds the caller's own retry into the first message.
 */
export function discordNotifier(bot: { deps: BotDeps } | undefined): AccountNotifier | undefined {
  if (!bot) return undefined;
  const { deps } = bot;
  return {
    async directMessage(discordUserId, content, nonce) {
      const api = deps.postingApi();
      try {
        const channel = await api.users.createDM(discordUserId);
        await api.channels.createMessage(channel.id, {
          content,
          nonce,
          enforce_nonce: true,
          allowed_mentions: { parse: [] },
        });
        return 'sent';
      } catch (error) {
        // 4xx other than rate limits will not change on a retry (unknown user, DMs closed).
        if (
          error instanceof DiscordAPIError &&
          error.status >= 400 &&
          error.status < 500 &&
          error.status !== 429
        )
          return 'undeliverable';
        throw error;
      }
    },
    publicUrl: () => deps.publicUrl(),
  };
}
