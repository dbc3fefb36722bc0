import type { Ctx } from './ctx.ts';
import {
  DiscordError,
  alreadyAcknowledged,
  formBodyError,
  unknownInteraction,
  type FieldErrors,
} from './errors.ts';
import type { UploadedFile } from './http.ts';
import { EPHEMERAL, buildMessage, editMessage, publicMessage } from './messages.ts';
import type { InteractionRecord, Message } from './store.ts';
import { apiUser } from './users.ts';
import { checkModal } from './validate.ts';
import { forcedEphemeral } from './payloads.ts';

// Callback types allowed per interaction type
// (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-interaction-callback-type).
const ALLOWED: Record<number, number[]> = { 1: [1], 2: [4, 5, 9], 3: [4, 5, 6, 7, 9], 5: [4, 5, 6, 7] };

/**
 * What Discord puts on a message an interaction made: `interaction_metadata` (Message Interaction
 * Metadata Object; a modal submit names the interaction that opened the modal, a component click
 * the message clicked) and the deprecated `interaction`.
 */
export function interactionMetadata(ctx: Ctx, rec: InteractionRecord) {
  const data = rec.payload.data as { name?: string; type?: number } | undefined;
  const user = ctx.store.user(rec.userId);
  return {
    interaction_metadata: metadataOf(ctx, rec),
    interaction: { id: rec.id, type: rec.type, name: data?.name ?? '', user: user ? apiUser(user) : null },
    // Discord's interaction metadata does not name the command; the channel page shows it.
    ...(rec.type === 2 && data?.name ? { _command: data.name } : {}),
  };
}

function metadataOf(ctx: Ctx, rec: InteractionRecord): Record<string, unknown> {
  const user = ctx.store.user(rec.userId);
  const trigger =
    rec.type === 5 && rec.triggeringInteractionId
      ? ctx.store.state.interactions[rec.triggeringInteractionId]
      : undefined;
  return {
    id: rec.id,
    type: rec.type,
    user: user ? apiUser(user) : null,
    authorizing_integration_owners: rec.payload.authorizing_integration_owners,
    ...(rec.type === 3 && rec.sourceMessageId ? { interacted_message_id: rec.sourceMessageId } : {}),
    ...(trigger ? { triggering_interaction_metadata: metadataOf(ctx, trigger) } : {}),
  };
}

/** Checks the interaction can still be answered: unknown or past the 3 s deadline → 10062,
 * answered already → 40060. */
export function assertAnswerable(
  ctx: Ctx,
  rec: InteractionRecord | undefined,
  token: string,
): InteractionRecord {
  if (!rec || rec.token !== token || rec.status === 'failed') throw unknownInteraction();
  if (rec.status === 'acknowledged') throw alreadyAcknowledged();
  if (ctx.now() - rec.createdAt > ctx.settings.deadlineMs) throw unknownInteraction();
  return rec;
}

/** What a callback tells the sender waiting on an interaction: that it was answered in time. */
export interface AcknowledgementSink {
  acknowledged(id: string): void;
}

/** Applies an interaction response; returns the `with_response` body. */
export function applyCallback(
  ctx: Ctx,
  sender: AcknowledgementSink,
  rec: InteractionRecord,
  body: Record<string, unknown>,
  files: UploadedFile[],
  base: string,
) {
  const type = body.type as number;
  if (!ALLOWED[rec.type]?.includes(type)) {
    const errors: FieldErrors = new Map([
      [
        'type',
        {
          code: 'BASE_TYPE_CHOICES',
          message: `Value must be one of {${(ALLOWED[rec.type] ?? []).join(', ')}}.`,
        },
      ],
    ]);
    throw formBodyError(errors);
  }
  const given = (typeof body.data === 'object' && body.data !== null ? body.data : {}) as Record<
    string,
    unknown
  >;
  // A server that turned off external apps sees a user-installed app's answers only privately.
  const data =
    (type === 4 || type === 5) && forcedEphemeral(rec.payload)
      ? { ...given, flags: Number(given.flags ?? 0) | EPHEMERAL }
      : given;
  const list = ctx.store.messages(rec.channelId);
  const source = rec.sourceMessageId ? list.find((m) => m.id === rec.sourceMessageId) : undefined;
  if ((type === 6 || type === 7) && !source)
    throw new DiscordError(400, 40004, 'Interaction has no message to update.');
  let message: Message | undefined;
  const extra = { type: rec.type === 2 ? 20 : 0, ...interactionMetadata(ctx, rec) };
  if (type === 4) {
    message = buildMessage(
      ctx,
      base,
      rec.channelId,
      data,
      files,
      { webhook: true, interactionId: rec.id, ephemeralFor: rec.userId, extra },
      'data',
    );
  } else if (type === 5) {
    const ephemeral = typeof data.flags === 'number' && (data.flags & EPHEMERAL) !== 0;
    message = buildMessage(ctx, base, rec.channelId, { content: '\u200b', flags: data.flags }, [], {
      webhook: true,
      interactionId: rec.id,
      ephemeralFor: rec.userId,
      extra,
    });
    message.content = '';
    message.flags = 128 | (ephemeral ? EPHEMERAL : 0);
  } else if (type === 7 && source) {
    editMessage(ctx, base, source, data, files, 'data');
  } else if (type === 9) {
    const errors: FieldErrors = new Map();
    checkModal(errors, body.data);
    if (errors.size) throw formBodyError(errors);
    rec.modalOpen = true;
  }
  if (message) {
    list.push(message);
    rec.originalMessageId = message.id;
  } else if (source) rec.originalMessageId = source.id;
  rec.status = 'acknowledged';
  rec.response = body;
  ctx.store.changed();
  sender.acknowledged(rec.id);
  const resource = message ?? (type === 7 ? source : undefined);
  return {
    interaction: {
      id: rec.id,
      type: rec.type,
      response_message_id: resource?.id,
      response_message_loading: type === 5,
      response_message_ephemeral: resource ? ((resource.flags as number) & EPHEMERAL) !== 0 : false,
    },
    resource: { type, ...(resource ? { message: publicMessage(resource) } : {}) },
  };
}
