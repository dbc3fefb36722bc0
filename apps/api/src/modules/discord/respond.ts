import type { API } from '@discordjs/core/http-only';
import { type APIInteractionResponse, InteractionResponseType, MessageFlags } from 'discord-api-types/v10';
import { type InteractionReply, toResponse } from './replies.ts';

/** Discord fails an interaction not answered in 3 s; past this we defer and finish through REST. */
export const DEFER_AFTER_MS = 1500;
/**
 * With this many interactions already in progress in this process, a new one is deferred at once:
 * under a burst the event loop and database queue grow, and a timer can fire too late to save it.
 */
export const BUSY_IN_FLIGHT = 24;
let inFlight = 0;

/**
 * Answers in the HTTP response when the work is done in time; otherwise defers ("thinking…") and
 * edits the original when it is. An ephemeral answer cannot replace a visible deferral, so it is
 * sent as an ephemeral follow-up and the deferral removed.
 */
export async function respondInTime(input: {
  work: Promise<InteractionReply>;
  api: () => API;
  applicationId: string;
  token: string;
  deferAfterMs?: number;
  onLateError: (error: unknown) => void;
}): Promise<APIInteractionResponse> {
  inFlight += 1;
  void input.work.finally(() => {
    inFlight -= 1;
  });
  let timer: NodeJS.Timeout | undefined;
  const wait = inFlight > BUSY_IN_FLIGHT ? 0 : (input.deferAfterMs ?? DEFER_AFTER_MS);
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), wait);
  });
  const first = await Promise.race([input.work, late]);
  clearTimeout(timer);
  if (first !== 'late') return toResponse(first);
  input.work.then((reply) => finishLate(input, reply)).catch(input.onLateError);
  return { type: InteractionResponseType.DeferredChannelMessageWithSource };
}

async function finishLate(
  input: { api: () => API; applicationId: string; token: string },
  reply: InteractionReply,
): Promise<void> {
  const interactions = input.api().interactions;
  if (reply.type !== InteractionResponseType.ChannelMessageWithSource) {
    // A button's update or a modal cannot follow a deferral; say it in the thread of the deferral.
    await interactions.editReply(input.applicationId, input.token, { content: 'Done.' });
    return;
  }
  const { flags, ...data } = reply.data;
  if (flags && (flags & MessageFlags.Ephemeral) !== 0) {
    await interactions.followUp(input.applicationId, input.token, { ...data, flags });
    await interactions.deleteReply(input.applicationId, input.token).catch(() => {});
    return;
  }
  await interactions.editReply(input.applicationId, input.token, data);
}
