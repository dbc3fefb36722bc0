import type { UserRow } from '@app/db';
import { AGE_BAND_LABELS, AGE_GUARDIAN_TEXT, AGE_NEEDED_TEXT, type AgeBand } from '@app/domain';
import { ButtonStyle, ComponentType, InteractionResponseType } from 'discord-api-types/v10';
import { AppError } from '../../lib/errors.ts';
import { setAgeBand } from '../users/set-age-band.ts';
import type { BotDeps } from './bot-deps.ts';
import { type MessagePayload, ephemeral } from './messages.ts';
import type { InteractionReply } from './replies.ts';

/** The age question's buttons, in the order the studio lists the bands from 13 up. */
const AGE_BUTTONS: { band: AgeBand; label: string; style: ButtonStyle.Primary | ButtonStyle.Secondary }[] = [
  {
    band: '13-17',
    label: `${AGE_BAND_LABELS['13-17']} — my parent or guardian accepts`,
    style: ButtonStyle.Secondary,
  },
  { band: '18+', label: AGE_BAND_LABELS['18+'], style: ButtonStyle.Primary },
  { band: 'under-13', label: AGE_BAND_LABELS['under-13'], style: ButtonStyle.Secondary },
];

/**
 * The answer to a job asked for before the age band is known: only to the asker, nothing charged,
 * with one button per band (`age:<band>`) to answer it right here.
 */
export function ageQuestionMessage(): MessagePayload {
  return {
    ...ephemeral(`${AGE_NEEDED_TEXT('with a button below')}\n${AGE_GUARDIAN_TEXT}`),
    components: [
      {
        type: ComponentType.ActionRow,
        components: AGE_BUTTONS.map(({ band, label, style }) => ({
          type: ComponentType.Button,
          custom_id: `age:${band}`,
          label,
          style,
        })),
      },
    ],
  };
}

/**
 * A button of the age question: the band is stored as the studio stores it (13 to 17 with the
 * guardian's acceptance the button names), and the question is replaced by the outcome. Under 13
 * is stored too and the service ends there.
 */
export async function answerAge(deps: BotDeps, user: UserRow, band: AgeBand): Promise<InteractionReply> {
  let content: string;
  try {
    await setAgeBand({ db: deps.database.db, user, band, guardianAccepted: band === '13-17' });
    content = `Thank you: ${AGE_BAND_LABELS[band]} is recorded. Send your command again.`;
  } catch (error) {
    // Under 13, or a different band recorded already: the refusal in place of the question.
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    content = error.message;
  }
  return { type: InteractionResponseType.UpdateMessage, data: { content, components: [] } };
}
