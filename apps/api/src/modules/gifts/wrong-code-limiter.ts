import { type Db, hit, unhit } from '@app/db';
import { rateLimited } from '../../lib/errors.ts';

export interface WrongCodeLimiter {
  /**
   * Counts this attempt against each key, as a wrong code until `forgive` says otherwise, and
   * refuses (429) when any key is past its wrong guesses.
   */
  attempt(keys: string[]): Promise<void>;
  /** Takes back an attempt that was not a wrong code (a right or an already-used code). */
  forgive(keys: string[]): Promise<void>;
}

/**
 * Counts wrong gift codes per key (the user, the client address) in a fixed window, so codes cannot
 * be guessed in bulk. Each attempt is counted before the code is looked at, in one statement that
 * increments and answers, so concurrent guesses cannot all pass a check made before any of them is
 * recorded. The counters live in PostgreSQL (`rate_limits`, keys `gift-wrong:<key>`), so every API
 * process shares them.
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
    async attempt(keys) {
      const counts = await Promise.all(stored(keys).map((key) => hit(db, { key, windowMs })));
      const over = counts.find((entry) => entry.count > max);
      if (!over) return;
      const minutes = Math.max(1, Math.ceil(over.ttlMs / 60_000));
      throw rateLimited(
        over.ttlMs / 1000,
        `Too many wrong gift codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    },
    async forgive(keys) {
      for (const key of stored(keys)) await unhit(db, key);
    },
  };
}
