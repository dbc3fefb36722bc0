import type { CommandHandler } from '../bot-deps.ts';
import { switchLane } from './lane-reply.ts';

/** `/turbo`: the person's next jobs run in turbo mode, here and in the studio. */
export const turbo = {
  run: ({ deps, user, interaction }) => switchLane({ deps, user, interaction, lane: 'turbo' }),
} satisfies CommandHandler;
