import { type UserRow, findJobIdByDiscordMessage } from '@app/db';
import { REPORT_COMMAND_NAME, REPORT_NOTE_MAX } from '@app/domain';
import {
  type APIModalInteractionResponseCallbackData,
  ComponentType,
  InteractionResponseType,
  TextInputStyle,
} from 'discord-api-types/v10';
import { reportCreation } from '../moderation/report-creation.ts';
import type { BotDeps } from './bot-deps.ts';
import { ephemeral } from './messages.ts';
import type { ParsedInteraction } from './parse-interaction.ts';
import { type InteractionReply, message } from './replies.ts';

export function reportModal(jobId: string): APIModalInteractionResponseCallbackData {
  return {
    custom_id: `report:${jobId}`,
    title: 'Report creation',
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.TextInput,
            custom_id: 'reason',
            label: 'What is wrong with it?',
            style: TextInputStyle.Paragraph,
            required: true,
            min_length: 3,
            max_length: REPORT_NOTE_MAX,
          },
        ],
      },
    ],
  };
}

/** "Report creation" on a message: the form asking why, when the message is one of our results. */
export async function startReport(
  deps: BotDeps,
  command: Extract<ParsedInteraction, { kind: 'message-command' }>,
): Promise<InteractionReply> {
  if (command.name !== REPORT_COMMAND_NAME) return message(ephemeral('This is not something I can do.'));
  const jobId = await findJobIdByDiscordMessage(deps.database.db, command.targetId);
  if (!jobId) return message(ephemeral('Only my creations can be reported this way.'));
  return { type: InteractionResponseType.Modal, data: reportModal(jobId) };
}

/** The report form's submit: into the moderation queue; the creator never learns who reported. */
export async function submitReport(
  deps: BotDeps,
  user: UserRow,
  modal: Extract<ParsedInteraction, { kind: 'modal' }>,
): Promise<InteractionReply> {
  const note = (modal.fields.reason ?? '').trim().slice(0, REPORT_NOTE_MAX);
  if (!note) return message(ephemeral('Say what is wrong with it; nothing was reported.'));
  await reportCreation({
    db: deps.database.db,
    reporter: user,
    jobId: modal.jobId,
    reason: 'other',
    note,
    source: 'discord',
  });
  return message(
    ephemeral('Thank you: the moderators will look at it. The creator is not told who reported.'),
  );
}
