import { type Db, hit, peekRateLimits } from '@app/db';
import { AppError } from '../../lib/errors.ts';

export interface WrongCodeLimiter {
  /** Refuses (429) while any of the keys has used up its wrong guesses. */
  check(keys: string[]): Promise<void>;
  /** Counts one wrong code against each key. */
  record(keys: string[]): Promise<void>;
}

/**
 * Counts wrong gift codes per key (the user, the client address) in a fixed window, so codes cannot
 * be guessed in bulk; right codes and already-used ones do not count. The counters live in
 * PostgreSQL (`rate_limits`, keys `gift-wrong:<key>`), so every API process shares them.
 */
export function createWrongCodeLimiter({
  db,
  max = 10,
  windowMs = 15 * 60_000,
}: {
  db: Db;
  max?: number;
  windowMs?: number;
}): WrongCodeLimiter {
  const stored = (keys: string[]) => keys.map((key) => `gift-wrong:${key}`);
  return {
    async check(keys) {
      for (const entry of await peekRateLimits(db, stored(keys))) {
        if (entry.count >= max) {
          const minutes = Math.max(1, Math.ceil(entry.ttlMs / 60_000));
          throw new AppError('TOO_MANY_WRONG_CODES', {
            status: 429,
            message: `Too many wrong gift codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          });
        }
      }
    },
    async record(keys) {
      for (const key of stored(keys)) await hit(db, { key, windowMs });
    },
  };
}
