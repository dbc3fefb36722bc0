import type { UserRow } from '@app/db';
import { LANE_TEXTS, type Lane, relaxDailyCapOf } from '@app/domain';
import { AppError } from '../../../lib/errors.ts';
import { setLane } from '../../users/set-lane.ts';
import type { BotDeps, CommandInteraction } from '../bot-deps.ts';
import { ephemeral } from '../messages.ts';
import { type InteractionReply, message } from '../replies.ts';

/**
 * `/fast`, `/relax` and `/turbo`: the person's default lane, set and said only to them. A lane the
 * plan does not offer is refused with the plans that have it, and nothing changes. The interaction
 * id keys the change's ledger entry, so an interaction delivered twice records it once.
 */
export async function switchLane(input: {
  deps: BotDeps;
  user: UserRow;
  interaction: CommandInteraction;
  lane: Lane;
}): Promise<InteractionReply> {
  const { deps, user, lane } = input;
  try {
    const result = await setLane({
      db: deps.database.db,
      user,
      lane,
      idempotencyKey: `lane:discord:${input.interaction.base.id}`,
    });
    const cap = lane === 'relax' ? relaxDailyCapOf(user.subscriptionStatus) : null;
    const lines = [result.changed ? LANE_TEXTS.switched(lane) : LANE_TEXTS.unchanged(lane)];
    if (cap !== null) lines.push(LANE_TEXTS.relaxCapNote(cap));
    return message(ephemeral(lines.join('\n')));
  } catch (error) {
    if (error instanceof AppError && error.code === 'LANE_NOT_IN_PLAN')
      return message(ephemeral(error.message));
    throw error;
  }
}
