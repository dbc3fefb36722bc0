import { type JobRow, type UserRow, findJobByRequest, loveCounts, mediaForJobs, toggleLove } from '@app/db';
import { type ImageActionName, findActionCommand, isImageAction } from '@app/domain';
import { promptOf } from '@app/jobs';
import { InteractionResponseType, MessageFlags } from 'discord-api-types/v10';
import { actOnJob } from '../jobs/act-on-job.ts';
import { isOwnerOrAdmin, loadVisibleJob } from '../jobs/job-access.ts';
import { deleteCreation } from '../jobs/delete-creation.ts';
import { actionModal, actionSetOf } from './action-components.ts';
import type { BotDeps } from './bot-deps.ts';
import { inHorrorChannel } from './channel-rules.ts';
import { type ResultActionId, editModal, ephemeral, resultComponents, withButtonLabel } from './messages.ts';

/** The label of the component with this custom id, anywhere in a message's components. */
function findLabel(components: readonly unknown[], customId: string): string | undefined {
  for (const component of components as Record<string, unknown>[]) {
    if (component.custom_id === customId && typeof component.label === 'string') return component.label;
    if (Array.isArray(component.components)) {
      const found = findLabel(component.components, customId);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
import type { ParsedInteraction } from './parse-interaction.ts';
import { type InteractionReply, message } from './replies.ts';
import { deliveryOf, horrorElsewhere, inOwnServer, queuedReply } from './run-command.ts';

type Button = Extract<ParsedInteraction, { kind: 'button' }>;
type Modal = Extract<ParsedInteraction, { kind: 'modal' }>;

/**
 * A click on a result button. Love toggles (the count is redrawn), edit opens the prompt, delete is
 * for the creator or an admin; re-roll and the image actions (U1–U4, V1–V4, upscale, vary, zoom,
 * pan, make square, GIF) and a submitted edit are new jobs of
 * whoever clicked, charged to them, posted like any other result.
 */
export async function actOnResult(deps: BotDeps, user: UserRow, click: Button): Promise<InteractionReply> {
  const { db } = deps.database;
  const job = await loadVisibleJob(db, click.jobId, user);
  switch (click.action as ResultActionId) {
    case 'love': {
      await toggleLove(db, job.id, user.id);
      const [counts, media] = await Promise.all([loveCounts(db, [job.id]), mediaForJobs(db, [job.id])]);
      const images = media.filter((row) => row.kind === 'image');
      const loves = counts.get(job.id) ?? 0;
      // A card keeps its gallery and text as Discord has them: only the button's count changes.
      if ((click.message.flags & MessageFlags.IsComponentsV2) !== 0) {
        const id = `love:${job.id}`;
        const current = findLabel(click.message.components, id) ?? 'Love';
        const word = current.replace(/ \(\d+\)$/, '');
        return {
          type: InteractionResponseType.UpdateMessage,
          data: {
            components: withButtonLabel(
              click.message.components,
              id,
              loves > 0 ? `${word} (${loves})` : word,
            ),
          },
        };
      }
      return {
        type: InteractionResponseType.UpdateMessage,
        data: {
          components: resultComponents(job.id, {
            image: images.length > 0,
            loves,
            actions: actionSetOf(images),
          }),
        },
      };
    }
    case 'edit': {
      const prompt = promptOf(job.options);
      if (!prompt) return message(ephemeral(`/${job.command} has no prompt to edit.`));
      return { type: InteractionResponseType.Modal, data: editModal(job.id, prompt) };
    }
    case 'delete': {
      if (!isOwnerOrAdmin(job, user))
        return message(ephemeral('Only the creator (or an admin) can delete this.'));
      await deleteCreation({ db, storage: deps.storage, viewer: user, id: job.id });
      await deps
        .api()
        .channels.deleteMessage(click.base.channelId, click.messageId)
        .catch(() => {});
      return message(ephemeral('Deleted.'));
    }
    default: {
      const action = click.action as 'reroll' | ImageActionName;
      // Custom Zoom asks for its factor, and with Remix on Vary, Zoom and Pan first offer the
      // prompt to edit: a modal before anything is made.
      const definition = isImageAction(action) ? findActionCommand(action) : undefined;
      if (isImageAction(action) && (definition?.asksFactor || (user.remix && definition?.remixable))) {
        return {
          type: InteractionResponseType.Modal,
          data: actionModal(action, click.index ?? 1, job.id, promptOf(job.options)),
        };
      }
      return newJob(deps, user, click, action);
    }
  }
}

/** The edit modal's submit: the same command with the new prompt, as a new job. */
export async function submitEdit(deps: BotDeps, user: UserRow, modal: Modal): Promise<InteractionReply> {
  if (isImageAction(modal.action)) return submitActionModal(deps, user, modal, modal.action);
  if (modal.action !== 'edit') return message(ephemeral('That button no longer works.'));
  const prompt = (modal.fields.prompt ?? '').trim();
  if (!prompt) return message(ephemeral('The prompt is empty; nothing was made.'));
  return newJob(deps, user, modal, 'edit', prompt);
}

/** An image action's modal (Custom Zoom): the prompt as edited, and the factor as typed. */
async function submitActionModal(
  deps: BotDeps,
  user: UserRow,
  modal: Modal,
  action: ImageActionName,
): Promise<InteractionReply> {
  const prompt = (modal.fields.prompt ?? '').trim() || undefined;
  const typed = (modal.fields.factor ?? '').trim();
  const factor = typed ? Number(typed.replace(',', '.')) : undefined;
  if (factor !== undefined && !Number.isFinite(factor)) {
    return message(ephemeral(`"${typed.slice(0, 20)}" is not a number; nothing was made.`));
  }
  return newJob(deps, user, modal, action, prompt, factor);
}

async function newJob(
  deps: BotDeps,
  user: UserRow,
  interaction: Button | Modal,
  action: 'reroll' | 'edit' | ImageActionName,
  prompt?: string,
  factor?: number,
): Promise<InteractionReply> {
  // The queue's queues exist before a job enters one.
  await deps.queue();
  const window = Math.floor(Date.now() / DOUBLE_PRESS_WINDOW_MS);
  const earlier = await recentPress(deps, user, interaction, action, window);
  if (earlier) return queuedReply(deps, earlier, false, undefined, interaction.base);
  const { job, standing } = await actOnJob({
    db: deps.database.db,
    storage: deps.storage,
    settings: deps.settings,
    viewer: user,
    id: interaction.jobId,
    action,
    prompt,
    index: interaction.index,
    factor,
    source: 'discord',
    requestId: pressKey(interaction, action, window),
    openToAll: true,
    horrorAllowed: inOwnServer(interaction.base)
      ? inHorrorChannel(interaction.base.channel, deps.channels.definitions)
      : horrorElsewhere(interaction.base, user),
    delivery: deliveryOf(interaction.base, 'channel'),
  });
  return queuedReply(deps, job, false, standing, interaction.base);
}

/** How long two presses of the same image action by the same person count as one. */
export const DOUBLE_PRESS_WINDOW_MS = 15_000;

/**
 * The request id of a press. Each Discord interaction has its own id, so a double press of an image
 * action would make two jobs; its key is instead the button, the person and a 15-second window, so
 * presses in the same window find the first one's job. Re-roll and edit keep one job per interaction.
 */
function pressKey(interaction: Button | Modal, action: string, window: number): string {
  if (!isImageAction(action)) return interaction.base.id;
  return `press:${action}:${interaction.index ?? 1}:${interaction.jobId}:${interaction.base.user.id}:${window}`;
}

/** A press of the previous window still under 15 seconds old: a press just across a window's edge. */
async function recentPress(
  deps: BotDeps,
  user: UserRow,
  interaction: Button | Modal,
  action: string,
  window: number,
): Promise<JobRow | null> {
  if (!isImageAction(action)) return null;
  const earlier = await findJobByRequest(
    deps.database.db,
    'discord',
    pressKey(interaction, action, window - 1),
  );
  const recent = earlier && Date.now() - earlier.createdAt.getTime() < DOUBLE_PRESS_WINDOW_MS;
  return recent && earlier.userId === user.id ? earlier : null;
}
