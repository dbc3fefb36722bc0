import { type Db, findDiscordDelivery, findUserById, getJob } from '@app/db';
import { REMOVED_MESSAGE } from '@app/domain';
import type { BotDeps } from '../discord/bot-deps.ts';
import { compose } from '../discord/deliver-result.ts';

export interface Logger {
  warn(object: unknown, message?: string): void;
}

/**
 * Tells the person by DM what the moderators did. Best effort: a person without a Discord id, or
 * whose DMs are closed, is not told (the action stands either way).
 */
export async function notifyPerson(input: {
  db: Db;
  bot: BotDeps | undefined;
  userId: string;
  text: string;
  log: Logger;
}): Promise<boolean> {
  const user = await findUserById(input.db, input.userId);
  if (!input.bot || !user?.discordId) return false;
  try {
    const api = input.bot.api();
    const channel = await api.users.createDM(user.discordId);
    await api.channels.createMessage(channel.id, { content: input.text, allowed_mentions: { parse: [] } });
    return true;
  } catch (error) {
    input.log.warn({ err: error, userId: input.userId }, 'could not DM a moderation notice');
    return false;
  }
}

/**
 * The Discord message of a creation: replaced by the removal notice while it is hidden, and
 * rebuilt (its files uploaded again) when the hiding is undone. Best effort, like every edit.
 */
export async function redrawDiscordResult(input: {
  db: Db;
  bot: BotDeps | undefined;
  jobId: string;
  hidden: boolean;
  log: Logger;
}): Promise<boolean> {
  const delivery = await findDiscordDelivery(input.db, input.jobId);
  if (!input.bot || !delivery?.messageId || delivery.kind !== 'channel') return false;
  const api = input.bot.api();
  try {
    if (input.hidden) {
      await api.channels.editMessage(delivery.channelId, delivery.messageId, {
        content: REMOVED_MESSAGE,
        embeds: [],
        components: [],
        attachments: [],
      });
    } else {
      const job = (await getJob(input.db, input.jobId))!;
      const { payload, files } = await compose(input.bot, delivery, job);
      await api.channels.editMessage(delivery.channelId, delivery.messageId, {
        ...payload,
        attachments: [],
        files,
      });
    }
    return true;
  } catch (error) {
    input.log.warn({ err: error, jobId: input.jobId }, 'could not edit a creation’s Discord message');
    return false;
  }
}
