import type { CommandHandler } from '../bot-deps.ts';
import { switchLane } from './lane-reply.ts';

/** `/fast`: the person's next jobs run in fast mode, here and in the studio. */
export const fast = {
  run: ({ deps, user, interaction }) => switchLane({ deps, user, interaction, lane: 'fast' }),
} satisfies CommandHandler;
