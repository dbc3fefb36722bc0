import { type FamilyStanding, type JobRow, type UserRow, findJobByRequest, noteQueueAnswer } from '@app/db';
import type { SubmissionDelivery } from '@app/jobs';
import { ALL_CONTEXTS, COMMANDS, type Price, botTexts } from '@app/domain';
import { InteractionResponseType, MessageFlags } from 'discord-api-types/v10';
import { queueStanding } from '../jobs/estimate-wait.ts';
import { submitJob } from '../jobs/submit-job.ts';
import { assertMayGenerate, assertMayMakeMature } from '../moderation/assert-may-generate.ts';
import type { BotDeps, CommandInteraction } from './bot-deps.ts';
import { channelRefusal, checkChannel, inHorrorChannel } from './channel-rules.ts';
import { downloadAttachments } from './download-attachments.ts';
import { needsUploadForm, openUploadForm } from './upload-form.ts';
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
  const t = botTexts(interaction.base.locale);
  if (!definition) return message(ephemeral(t.unknownCommand(interaction.name)));
  // Discord offers a command only where its registration allows; a client that sends one from
  // elsewhere anyway gets a refusal, not a job.
  if (!(definition.contexts ?? ALL_CONTEXTS).includes(interaction.base.context))
    return message(ephemeral(t.notHere(definition.name)));
  const ownServer = inOwnServer(interaction.base);
  const verdict = ownServer
    ? checkChannel({ definition, channel: interaction.base.channel, channels: deps.channels.definitions })
    : ({ ok: true } as const);
  if (!verdict.ok) {
    const ids = await deps.channels.ids(interaction.base.guildId);
    return message(ephemeral(channelRefusal({ command: definition.name, verdict, ids })));
  }
  // Sent without its files, a command with an upload form opens it (Discord's File Upload).
  if (needsUploadForm(definition, interaction.attachments))
    return openUploadForm(definition, interaction.options, t);
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
  const horrorAllowed = ownServer
    ? inHorrorChannel(interaction.base.channel, deps.channels.definitions)
    : horrorElsewhere(interaction.base, user);
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
  return queuedReply(deps, job, dm, standing, interaction.base);
}

/** Where the result goes, written with the job. */
export const deliveryOf = (base: InteractionBase, kind: 'channel' | 'dm' | 'reply'): SubmissionDelivery => ({
  kind,
  applicationId: base.applicationId,
  interactionToken: base.token,
  interactionAt: base.createdAt,
  channelId: base.channelId,
  discordUserId: base.user.id,
  reach: base.reach,
  locale: base.locale,
});

/**
 * The operator's own server: one the app is installed to (the bot is a member). The family channel
 * rules apply there only; in other servers and DMs the person installed the app to their account,
 * and any channel will do.
 */
export const inOwnServer = (base: InteractionBase) => base.context === 0 && base.reach === 'member';

/**
 * Outside the operator's server the horror family has no channels of its own: it runs in a channel
 * the server marks age-restricted, or in a DM from a person whose recorded age is 18 or older.
 */
export function horrorElsewhere(base: InteractionBase, user: UserRow): boolean {
  if (base.context === 0) return base.channel.nsfw;
  return user.ageBand === '18+';
}

/** The asker's language and whether Discord shows the app's answers only to them. */
export type AnswerPlace = Pick<InteractionBase, 'locale' | 'reach'>;

export async function queuedReply(
  deps: BotDeps,
  job: JobRow,
  dm = false,
  /** The job's standing as its submission read it. */
  known?: FamilyStanding,
  place?: AnswerPlace,
): Promise<InteractionReply> {
  const answer = await standingMessage(deps, job, dm, new Date(), known, place);
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
  place?: AnswerPlace,
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
    texts: botTexts(place?.locale),
    privateOnly: place?.reach === 'app-private',
  });
}
