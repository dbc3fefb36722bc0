import {
  type APIInteractionResponse,
  type APIModalInteractionResponseCallbackData,
  InteractionResponseType,
} from 'discord-api-types/v10';
import type { MessagePayload } from './messages.ts';

/** An answer to an interaction, as plain data; `respond` sends it in time. */
export type InteractionReply =
  | { type: InteractionResponseType.ChannelMessageWithSource; data: MessagePayload }
  | { type: InteractionResponseType.UpdateMessage; data: Partial<MessagePayload> }
  | { type: InteractionResponseType.DeferredMessageUpdate }
  /** "Thinking…", finished later by editing the original (ephemeral with flag 64). */
  | { type: InteractionResponseType.DeferredChannelMessageWithSource; data: { flags?: number } }
  | { type: InteractionResponseType.Modal; data: APIModalInteractionResponseCallbackData };

export const message = (data: MessagePayload): InteractionReply => ({
  type: InteractionResponseType.ChannelMessageWithSource,
  data,
});

export const toResponse = (reply: InteractionReply): APIInteractionResponse => reply;
