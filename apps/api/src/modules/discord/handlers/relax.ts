import type { CommandHandler } from '../bot-deps.ts';
import { switchLane } from './lane-reply.ts';

/** `/relax`: the person's next jobs run in relax mode, here and in the studio. */
export const relax = {
  run: ({ deps, user, interaction }) => switchLane({ deps, user, interaction, lane: 'relax' }),
} satisfies CommandHandler;
