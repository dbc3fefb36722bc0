import {
  type DiscordDeliveryRow,
  type JobRow,
  claimDiscordDelivery,
  findUserById,
  getJob,
  markDiscordDeliveryAttempted,
  markDiscordDeliveryPosted,
  mediaForJobs,
  releaseDiscordDelivery,
} from '@app/db';
import { promptOf } from '@app/jobs';
import type { APIMessage } from '@discordjs/core/http-only';
import type { RawFile } from '@discordjs/rest';
import { DiscordAPIError } from '@discordjs/rest';
import { botLocaleOf, botTexts } from '@app/domain';
import { MessageFlags } from 'discord-api-types/v10';
import { actionSetOf } from './action-components.ts';
import type { BotDeps } from './bot-deps.ts';
import {
  type MessagePayload,
  MAX_ATTACHMENT_BYTES,
  answerMessage,
  failureMessage,
  loraReadyMessage,
  leadingText,
  resultCard,
  resultFileName,
  resultMessage,
} from './messages.ts';

/** How long a claim is honoured before another process may take it over (its poster died). */
export const CLAIM_LEASE_MS = 60_000;
/** An interaction token lives 15 minutes; past this we post with the bot token instead. */
const TOKEN_LIFE_MS = 15 * 60_000 - 30_000;
/** Discord's snowflake epoch (ms), for a message id that pages the channel from a moment on. */
const DISCORD_EPOCH = 1420070400000n;
/** A `/make`-like result: four images, then their 2×2 grid (`composeGrid`). */
const GRID_WITH_SINGLES = 5;
/** How many pages of 100 channel messages are read looking for an earlier post. */
const HISTORY_PAGES = 10;

/**
 * Posts the result of an ended Discord job once: claim the row, build the message, post it, record
 * the message id. Answers false when there was nothing to do (not ended, or posted or being posted
 * by another process). A failed post gives the claim back for the next sweep.
 *
 * Exactly one message, even when a poster dies after Discord received its post but before the row
 * says so: `attempted_at` is written before every post, so the next claim knows the message may
 * exist. Then a channel result is first looked for in the channel (the interaction's follow-up,
 * found by `interaction_metadata`); a bot-token post carries a nonce made from the job id with
 * `enforce_nonce`, so Discord returns the earlier message instead of creating a second one.
 */
export async function deliverResult(
  deps: BotDeps,
  jobId: string,
  { leaseMs = CLAIM_LEASE_MS, now = Date.now() }: { leaseMs?: number; now?: number } = {},
): Promise<boolean> {
  const { db } = deps.database;
  const claim = await claimDiscordDelivery(db, jobId, leaseMs);
  if (!claim) return false;
  try {
    const job = (await getJob(db, jobId))!;
    const earlier =
      claim.attemptedAt && claim.kind === 'channel' ? await findEarlierPost(deps, claim, job) : null;
    // Where the bot is not a member, the channel cannot be read: an earlier follow-up may exist and
    // cannot be found, so a takeover posts by DM (with its nonce) rather than a second follow-up.
    const byDm = Boolean(claim.attemptedAt) && claim.kind === 'channel' && claim.reach !== 'member';
    if (earlier) {
      await markDiscordDeliveryPosted(db, jobId, earlier);
      return true;
    }
    const { payload, files } = await compose(deps, claim, job);
    await markDiscordDeliveryAttempted(db, jobId);
    const messageId =
      claim.kind === 'dm' || byDm
        ? await postDm(deps, claim, payload, files)
        : claim.kind === 'reply'
          ? await editAnswer(deps, claim, payload, now)
          : await postInChannel(deps, claim, payload, files, now);
    await markDiscordDeliveryPosted(db, jobId, messageId);
    return true;
  } catch (error) {
    await releaseDiscordDelivery(db, jobId).catch(() => {});
    throw error;
  }
}

/**
 * Discord's create-message `nonce` (at most 25 characters) for a job's result: the job id's 128
 * bits in base 36. With `enforce_nonce`, a second post with it by the bot within a few minutes
 * returns the first message instead of creating another.
 */
export function resultNonce(jobId: string): string {
  return BigInt(`0x${jobId.replace(/-/g, '')}`).toString(36);
}

/**
 * A result message an earlier attempt already got into the channel: posted through the job's
 * interaction (its `interaction_metadata` names it) by this application, pinging the user — the
 * interaction's own answer ("queued") never pings. Follow-ups take no nonce, so this is how a
 * takeover avoids posting one twice. The channel is read from the interaction's moment on; when it
 * cannot be read (no Read Message History), the post goes ahead.
 */
async function findEarlierPost(
  deps: BotDeps,
  claim: DiscordDeliveryRow,
  job: JobRow,
): Promise<string | null> {
  const api = deps.postingApi();
  let after = ((BigInt(claim.interactionAt.getTime() - 1000) - DISCORD_EPOCH) << 22n).toString();
  const ping = `<@${claim.discordUserId}>`;
  try {
    for (let page = 0; page < HISTORY_PAGES; page++) {
      const messages: APIMessage[] = await api.channels.getMessages(claim.channelId, { after, limit: 100 });
      const found = messages.find(
        (message) =>
          message.interaction_metadata?.id === job.requestId &&
          message.webhook_id === claim.applicationId &&
          leadingText(message).startsWith(ping),
      );
      if (found) return found.id;
      if (messages.length < 100) return null;
      after = messages.reduce((max, m) => (BigInt(m.id) > BigInt(max) ? m.id : max), after);
    }
  } catch (error) {
    if (!(error instanceof DiscordAPIError && (error.status === 403 || error.status === 404))) throw error;
  }
  return null;
}

export async function compose(
  deps: BotDeps,
  claim: DiscordDeliveryRow,
  job: JobRow,
): Promise<{ payload: MessagePayload; files: RawFile[] }> {
  const t = botTexts(botLocaleOf(claim.locale));
  if (job.status !== 'succeeded') {
    const refund = { credits: job.costCredits, hypercredits: job.costHypercredits };
    const reason = job.errorMessage ?? (job.status === 'cancelled' ? t.wasCancelled : t.generatorFailed);
    return {
      payload: failureMessage({
        discordUserId: claim.discordUserId,
        command: job.command,
        reason,
        refund,
        texts: t,
      }),
      files: [],
    };
  }
  if (claim.kind === 'dm')
    return {
      payload: loraReadyMessage(typeof job.options.name === 'string' ? job.options.name : ''),
      files: [],
    };
  if (claim.kind === 'reply') return { payload: answerMessage(job.resultText ?? ''), files: [] };
  const media = (await mediaForJobs(deps.database.db, [job.id])).filter((row) => row.kind !== 'model');
  const base = deps.publicUrl();
  const prompt = promptOf(job.options);
  const images = media.filter((row) => row.kind === 'image');
  // Four images and their 2×2 grid (SPEC's grid). A card shows the four in its gallery, which
  // Discord lays out as the grid; a classic message posts the grid, the singles open from buttons.
  const grid = images.length === GRID_WITH_SINGLES ? images.at(-1)! : null;
  const owner = await findUserById(deps.database.db, job.userId);
  const classic = owner?.discordClassicResults === true;
  const posted = grid
    ? [...(classic ? [grid] : images.slice(0, -1)), ...media.filter((row) => row.kind !== 'image')]
    : media;
  const named = posted.map((row, index) => ({
    row,
    name: resultFileName({
      prompt,
      storedName: row.storageKey.split('/').pop() ?? row.storageKey,
      index,
      count: posted.length,
    }),
  }));
  const results = named.map(({ row, name }) => ({
    name,
    bytes: row.bytes,
    url: `${base}/media/${row.storageKey}`,
    visual: row.kind === 'image' || row.kind === 'video',
  }));
  const common = {
    jobId: job.id,
    discordUserId: claim.discordUserId,
    command: job.command,
    prompt: prompt || undefined,
    text: job.resultText,
    image: images.length > 0,
    loves: 0,
    files: results,
    actions: actionSetOf(images),
    texts: t,
  };
  const { payload, attach } = classic
    ? resultMessage({
        ...common,
        ...(grid ? { singles: images.slice(0, -1).map((row) => `${base}/media/${row.storageKey}`) } : {}),
      })
    : resultCard({ ...common, cost: { credits: job.costCredits, hypercredits: job.costHypercredits } });
  const files: RawFile[] = [];
  for (const file of attach) {
    const row = named.find((entry) => entry.name === file.name)!.row;
    const stored = await deps.storage.get(row.storageKey);
    if (stored && stored.bytes.length <= MAX_ATTACHMENT_BYTES) {
      files.push({ name: file.name, data: stored.bytes, contentType: stored.mime });
    }
  }
  return { payload, files };
}

async function postInChannel(
  deps: BotDeps,
  claim: DiscordDeliveryRow,
  payload: MessagePayload,
  files: RawFile[],
  now: number,
): Promise<string> {
  const api = deps.postingApi();
  if (now - claim.interactionAt.getTime() < TOKEN_LIFE_MS) {
    try {
      // One follow-up per result: a user-installed app gets at most five per interaction.
      const posted = await api.interactions.followUp(claim.applicationId, claim.interactionToken, {
        ...payload,
        // Where the server turned off external apps, Discord shows them only to the asker anyway.
        ...(claim.reach === 'app-private' ? { flags: (payload.flags ?? 0) | MessageFlags.Ephemeral } : {}),
        files,
      });
      return posted.id;
    } catch (error) {
      // An expired or unknown token (Discord's clock, not ours) falls through to the bot's own post.
      if (!(error instanceof DiscordAPIError && (error.status === 401 || error.status === 404))) throw error;
    }
  }
  // The bot cannot post where it is not a member: past the token's life, the result goes by DM.
  if (claim.reach !== 'member') return postDm(deps, claim, payload, files);
  const posted = await api.channels.createMessage(claim.channelId, {
    ...payload,
    files,
    nonce: resultNonce(claim.jobId),
    enforce_nonce: true,
  });
  return posted.id;
}

/** The private answer of an immediate job; past the token's life it can only go by DM. */
async function editAnswer(deps: BotDeps, claim: DiscordDeliveryRow, payload: MessagePayload, now: number) {
  if (now - claim.interactionAt.getTime() < TOKEN_LIFE_MS) {
    try {
      const { allowed_mentions, content } = payload;
      const edited = await deps
        .postingApi()
        .interactions.editReply(claim.applicationId, claim.interactionToken, {
          content,
          allowed_mentions,
        });
      return edited.id;
    } catch (error) {
      if (!(error instanceof DiscordAPIError && (error.status === 401 || error.status === 404))) throw error;
    }
  }
  return postDm(deps, claim, payload);
}

async function postDm(
  deps: BotDeps,
  claim: DiscordDeliveryRow,
  payload: MessagePayload,
  files: RawFile[] = [],
): Promise<string> {
  const api = deps.postingApi();
  const channel = await api.users.createDM(claim.discordUserId);
  const posted = await api.channels.createMessage(channel.id, {
    ...payload,
    ...(files.length ? { files } : {}),
    nonce: resultNonce(claim.jobId),
    enforce_nonce: true,
  });
  return posted.id;
}
