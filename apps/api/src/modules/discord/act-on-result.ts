import { type UserRow, loveCounts, mediaForJobs, toggleLove } from '@app/db';
import { promptOf } from '@app/jobs';
import { InteractionResponseType } from 'discord-api-types/v10';
import { actOnJob } from '../jobs/act-on-job.ts';
import { isOwnerOrAdmin, loadVisibleJob } from '../jobs/job-access.ts';
import { deleteCreation } from '../jobs/delete-creation.ts';
import type { BotDeps } from './bot-deps.ts';
import { inHorrorChannel } from './channel-rules.ts';
import { type ResultActionId, editModal, ephemeral, resultComponents } from './messages.ts';
import type { ParsedInteraction } from './parse-interaction.ts';
import { type InteractionReply, message } from './replies.ts';
import { deliveryOf, queuedReply } from './run-command.ts';

type Button = Extract<ParsedInteraction, { kind: 'button' }>;
type Modal = Extract<ParsedInteraction, { kind: 'modal' }>;

/**
 * A click on a result button. Love toggles (the count is redrawn), edit opens the prompt, delete is
 * for the creator or an admin; re-roll, vary and GIF (and a submitted edit) are new jobs of
 * whoever clicked, charged to them, posted like any other result.
 */
export async function actOnResult(deps: BotDeps, user: UserRow, click: Button): Promise<InteractionReply> {
  const { db } = deps.database;
  const job = await loadVisibleJob(db, click.jobId, user);
  switch (click.action as ResultActionId) {
    case 'love': {
      await toggleLove(db, job.id, user.id);
      const [counts, media] = await Promise.all([loveCounts(db, [job.id]), mediaForJobs(db, [job.id])]);
      return {
        type: InteractionResponseType.UpdateMessage,
        data: {
          components: resultComponents(job.id, {
            image: media.some((row) => row.kind === 'image'),
            loves: counts.get(job.id) ?? 0,
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
    default:
      return newJob(deps, user, click, click.action as 'reroll' | 'vary' | 'gif');
  }
}

/** The edit modal's submit: the same command with the new prompt, as a new job. */
export async function submitEdit(deps: BotDeps, user: UserRow, modal: Modal): Promise<InteractionReply> {
  if (modal.action !== 'edit') return message(ephemeral('That button no longer works.'));
  const prompt = (modal.fields.prompt ?? '').trim();
  if (!prompt) return message(ephemeral('The prompt is empty; nothing was made.'));
  return newJob(deps, user, modal, 'edit', prompt);
}

async function newJob(
  deps: BotDeps,
  user: UserRow,
  interaction: Button | Modal,
  action: 'reroll' | 'vary' | 'gif' | 'edit',
  prompt?: string,
): Promise<InteractionReply> {
  // The queue's queues exist before a job enters one.
  await deps.queue();
  const { job, standing } = await actOnJob({
    db: deps.database.db,
    storage: deps.storage,
    settings: deps.settings,
    viewer: user,
    id: interaction.jobId,
    action,
    prompt,
    source: 'discord',
    requestId: interaction.base.id,
    openToAll: true,
    horrorAllowed: inHorrorChannel(interaction.base.channel, deps.channels.definitions),
    delivery: deliveryOf(interaction.base, 'channel'),
  });
  return queuedReply(deps, job, false, standing);
}
