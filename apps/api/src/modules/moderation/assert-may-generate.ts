import type { UserRow } from '@app/db';
import {
  ADULTS_ONLY_TEXT,
  MATURE_ADULTS_ONLY_TEXT,
  AGE_NEEDED_STUDIO,
  AGE_NEEDED_TEXT,
  BANNED_TEXT,
  UNDER_13_TEXT,
  pausedText,
} from '@app/domain';
import { AppError } from '../../lib/errors.ts';

/**
 * Whether the person may start a job at all: not banned, not paused by a moderator or by repeated
 * refusals, the age band answered and not under 13. Checked before any price is held; every refusal
 * says nothing was charged. The bot answers `AGE_NEEDED` with the age question's buttons.
 */
export function assertMayGenerate(user: UserRow, now = new Date()): void {
  if (user.bannedAt) throw new AppError('BANNED', { status: 403, message: BANNED_TEXT });
  if (user.pausedUntil && user.pausedUntil > now) {
    throw new AppError('GENERATION_PAUSED', {
      status: 403,
      message: pausedText(user.pausedUntil, now),
      retryAfterSeconds: Math.ceil((user.pausedUntil.getTime() - now.getTime()) / 1000),
    });
  }
  if (user.ageBand === null) {
    throw new AppError('AGE_NEEDED', { status: 403, message: AGE_NEEDED_TEXT(AGE_NEEDED_STUDIO) });
  }
  if (user.ageBand === 'under-13') throw new AppError('UNDER_13', { status: 403, message: UNDER_13_TEXT });
}

/**
 * Horror channels (and anything else mature: a prompt with sexual or gore terms, a creation made
 * from a mature one) need a recorded 18 or older as well as Discord's age-restricted flag: 13 to 17
 * is refused privately, before anything is charged. An unknown age is asked first (`assertMayGenerate`).
 */
export function assertMayMakeMature(user: UserRow, mature: 'horror' | 'mature' | false): void {
  if (mature && user.ageBand !== '18+')
    throw new AppError('ADULTS_ONLY', {
      status: 403,
      message: mature === 'horror' ? ADULTS_ONLY_TEXT : MATURE_ADULTS_ONLY_TEXT,
    });
}
