import type { UserRow } from '@app/db';
import { APPEAL_LABEL, APPEALED_TEXT } from '@app/domain';
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { appealRefusal } from '../moderation/appeal-refusal.ts';
import type { BotDeps } from './bot-deps.ts';
import { type MessagePayload, ephemeral } from './messages.ts';
import { type InteractionReply, message } from './replies.ts';

/** A refused prompt's answer, only to the asker, with the button that appeals it. */
export function refusalMessage(text: string, refusalId: string): MessagePayload {
  return {
    ...ephemeral(text),
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            custom_id: `appeal:${refusalId}`,
            label: APPEAL_LABEL,
            style: ButtonStyle.Secondary,
          },
        ],
      },
    ],
  };
}

/** The button pressed: the refusal goes to the moderation queue as an appeal (once). */
export async function appealFromButton(
  deps: BotDeps,
  user: UserRow,
  refusalId: string,
): Promise<InteractionReply> {
  await appealRefusal({ db: deps.database.db, user, refusalId, source: 'discord' });
  return message(ephemeral(APPEALED_TEXT));
}
