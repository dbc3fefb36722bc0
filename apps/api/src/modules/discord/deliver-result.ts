import {
  type DiscordDeliveryRow,
  type JobRow,
  claimDiscordDelivery,
  getJob,
  markDiscordDeliveryPosted,
  mediaForJobs,
  releaseDiscordDelivery,
} from '@app/db';
import { promptOf } from '@app/jobs';
import type { RawFile } from '@discordjs/rest';
import { DiscordAPIError } from '@discordjs/rest';
import type { BotDeps } from './bot-deps.ts';
import {
  type MessagePayload,
  MAX_ATTACHMENT_BYTES,
  answerMessage,
  failureMessage,
  loraReadyMessage,
  resultMessage,
} from './messages.ts';

/** How long a claim is honoured before another process may take it over (its poster died). */
export const CLAIM_LEASE_MS = 60_000;
/** An interaction token lives 15 minutes; past this we post with the bot token instead. */
const TOKEN_LIFE_MS = 15 * 60_000 - 30_000;

/**
 * Posts the result of an ended Discord job once: claim the row, build the message, post it, record
 * the message id. Answers false when there was nothing to do (not ended, or posted or being posted
 * by another process). A failed post gives the claim back for the next sweep.
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
    const { payload, files } = await compose(deps, claim, job);
    const messageId =
      claim.kind === 'dm'
        ? await postDm(deps, claim, payload)
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

async function compose(
  deps: BotDeps,
  claim: DiscordDeliveryRow,
  job: JobRow,
): Promise<{ payload: MessagePayload; files: RawFile[] }> {
  if (job.status !== 'succeeded') {
    const refund = { credits: job.costCredits, hypercredits: job.costHypercredits };
    const reason =
      job.errorMessage ?? (job.status === 'cancelled' ? 'it was cancelled.' : 'the generator failed.');
    return {
      payload: failureMessage({ discordUserId: claim.discordUserId, command: job.command, reason, refund }),
      files: [],
    };
  }
  if (claim.kind === 'dm') return { payload: loraReadyMessage(String(job.options.name ?? '')), files: [] };
  if (claim.kind === 'reply') return { payload: answerMessage(job.resultText ?? ''), files: [] };
  const media = (await mediaForJobs(deps.database.db, [job.id])).filter((row) => row.kind !== 'model');
  const base = deps.publicUrl();
  const { payload, attach } = resultMessage({
    jobId: job.id,
    discordUserId: claim.discordUserId,
    command: job.command,
    prompt: promptOf(job.options) || undefined,
    text: job.resultText,
    image: media.some((row) => row.kind === 'image'),
    loves: 0,
    files: media.map((row) => ({
      name: row.storageKey.split('/').pop() ?? row.storageKey,
      bytes: row.bytes,
      url: `${base}/media/${row.storageKey}`,
    })),
  });
  const files: RawFile[] = [];
  for (const file of attach) {
    const row = media.find((entry) => entry.storageKey.endsWith(file.name))!;
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
  const api = deps.api();
  if (now - claim.interactionAt.getTime() < TOKEN_LIFE_MS) {
    try {
      const posted = await api.interactions.followUp(claim.applicationId, claim.interactionToken, {
        ...payload,
        files,
      });
      return posted.id;
    } catch (error) {
      // An expired or unknown token (Discord's clock, not ours) falls through to the bot's own post.
      if (!(error instanceof DiscordAPIError && (error.status === 401 || error.status === 404))) throw error;
    }
  }
  const posted = await api.channels.createMessage(claim.channelId, { ...payload, files });
  return posted.id;
}

/** The private answer of an immediate job; past the token's life it can only go by DM. */
async function editAnswer(deps: BotDeps, claim: DiscordDeliveryRow, payload: MessagePayload, now: number) {
  if (now - claim.interactionAt.getTime() < TOKEN_LIFE_MS) {
    try {
      const { allowed_mentions, content } = payload;
      const edited = await deps.api().interactions.editReply(claim.applicationId, claim.interactionToken, {
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

async function postDm(deps: BotDeps, claim: DiscordDeliveryRow, payload: MessagePayload): Promise<string> {
  const api = deps.api();
  const channel = await api.users.createDM(claim.discordUserId);
  const posted = await api.channels.createMessage(channel.id, payload);
  return posted.id;
}
