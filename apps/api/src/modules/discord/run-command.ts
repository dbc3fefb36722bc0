import { type FamilyStanding, type JobRow, type UserRow, findJobByRequest, noteQueueAnswer } from '@app/db';
import type { SubmissionDelivery } from '@app/jobs';
import { COMMANDS, type Price } from '@app/domain';
import { InteractionResponseType, MessageFlags } from 'discord-api-types/v10';
import { queueStanding } from '../jobs/estimate-wait.ts';
import { submitJob } from '../jobs/submit-job.ts';
import { assertMayGenerate, assertMayMakeMature } from '../moderation/assert-may-generate.ts';
import type { BotDeps, CommandInteraction } from './bot-deps.ts';
import { channelRefusal, checkChannel, inHorrorChannel } from './channel-rules.ts';
import { downloadAttachments } from './download-attachments.ts';
import { COMMAND_HANDLERS } from './handlers/index.ts';
import type { InteractionBase } from './parse-interaction.ts';
import { ephemeral, queuedMessage } from './messages.ts';
import { type InteractionReply, message } from './replies.ts';

/** Slash names are lowercase on Discord (`/change`); the registry keeps the guides' spelling (`Change`). */
export const findSlashCommand = (name: string) =>
  COMMANDS.find((command) => command.name.toLowerCase() === name.toLowerCase());

/**
 * The generic path of every command without a handler: attachments become uploads, `submitJob`
 * checks, prices, holds and queues (the interaction id makes a repeat find the same job), and the
 * answer says the job is queued, where it stands and what it cost.
 */
export async function runCommand(
  deps: BotDeps,
  user: UserRow,
  interaction: CommandInteraction,
): Promise<InteractionReply> {
  const definition = findSlashCommand(interaction.name);
  if (!definition) return message(ephemeral(`There is no /${interaction.name}; type /help for the list.`));
  const verdict = checkChannel({
    definition,
    channel: interaction.base.channel,
    channels: deps.channels.definitions,
  });
  if (!verdict.ok) {
    const ids = await deps.channels.ids(interaction.base.guildId);
    return message(ephemeral(channelRefusal({ command: definition.name, verdict, ids })));
  }
  // A general command is answered by its own handler at once; every job command goes the same way.
  if (definition.general) {
    return COMMAND_HANDLERS[definition.name].run({ deps, user, interaction });
  }

  const { db } = deps.database;
  const dm = definition.answer.kind === 'queued-dm';
  // A job whose answer is immediate and private (a caption): "thinking…" for the asker alone,
  // edited into the answer when the job ends.
  const privateAnswer = definition.answer.kind === 'immediate';
  // A repeat of an interaction with files finds its job before downloading them again; without
  // files, the submission itself finds it (one query less per command).
  const previous = Object.keys(interaction.attachments).length
    ? await findJobByRequest(db, 'discord', interaction.base.id)
    : null;
  // Nothing is downloaded for someone who may not generate (submitJob checks every path again).
  const horrorAllowed = inHorrorChannel(interaction.base.channel, deps.channels.definitions);
  if (!previous) {
    assertMayGenerate(user);
    assertMayMakeMature(user, horrorAllowed && 'horror');
  }
  // The queue's queues exist before a job enters one.
  if (!previous) await deps.queue();
  const { job, standing } = previous
    ? { job: previous, standing: undefined }
    : await submitJob({
        db,
        storage: deps.storage,
        settings: deps.settings,
        user,
        command: definition.name,
        options: {
          ...interaction.options,
          ...(await downloadAttachments({
            db,
            storage: deps.storage,
            userId: user.id,
            attachments: interaction.attachments,
          })),
        },
        source: 'discord',
        requestId: interaction.base.id,
        horrorAllowed,
        delivery: deliveryOf(interaction.base, dm ? 'dm' : privateAnswer ? 'reply' : 'channel'),
      });
  if (privateAnswer) {
    return {
      type: InteractionResponseType.DeferredChannelMessageWithSource,
      data: { flags: MessageFlags.Ephemeral },
    };
  }
  return queuedReply(deps, job, dm, standing);
}

/** Where the result goes, written with the job. */
export const deliveryOf = (base: InteractionBase, kind: 'channel' | 'dm' | 'reply'): SubmissionDelivery => ({
  kind,
  applicationId: base.applicationId,
  interactionToken: base.token,
  interactionAt: base.createdAt,
  channelId: base.channelId,
  discordUserId: base.user.id,
});

export async function queuedReply(
  deps: BotDeps,
  job: JobRow,
  dm = false,
  /** The job's standing as its submission read it. */
  known?: FamilyStanding,
): Promise<InteractionReply> {
  const answer = await standingMessage(deps, job, dm, new Date(), known);
  // The queued answer's first words, so its first edit (queue-answers.ts) is a real change.
  await noteQueueAnswer(deps.database.db, job.id, answer.content);
  return message(answer);
}

/** The queued answer for where the job stands now: the same numbers as the studio's job card. */
export async function standingMessage(
  deps: BotDeps,
  job: JobRow,
  dm = false,
  now = new Date(),
  known?: FamilyStanding,
) {
  const standing = await queueStanding(deps.database.db, deps.settings, job, now, known);
  const cost: Price = { credits: job.costCredits, hypercredits: job.costHypercredits };
  return queuedMessage({
    command: job.command,
    position: standing.position,
    cost,
    lane: job.lane,
    autoRelaxed: job.autoRelaxed,
    dm,
    standing: { ...standing, status: job.status, progress: job.progress },
  });
}
