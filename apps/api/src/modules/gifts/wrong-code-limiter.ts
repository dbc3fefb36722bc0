import { AppError } from '../../lib/errors.ts';

export interface WrongCodeLimiter {
  /** Refuses (429) while any of the keys has used up its wrong guesses. */
  check(keys: string[]): void;
  /** Counts one wrong code against each key. */
  record(keys: string[]): void;
}

/**
 * Counts wrong gift codes per key (the user, the client address) in a fixed window, so codes cannot
 * be guessed in bulk; right codes and already-used ones do not count. Kept in memory per process
 * like the route rate limits: a guesser spread over processes still meets 100 bits of randomness.
 */
export function createWrongCodeLimiter({
  max = 10,
  windowMs = 15 * 60_000,
  now = Date.now,
}: { max?: number; windowMs?: number; now?: () => number } = {}): WrongCodeLimiter {
  const counts = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const entry = counts.get(key);
    if (entry && entry.resetAt > now()) return entry;
    counts.delete(key);
    return undefined;
  };
  return {
    check(keys) {
      for (const key of keys) {
        const entry = current(key);
        if (entry && entry.count >= max) {
          const minutes = Math.max(1, Math.ceil((entry.resetAt - now()) / 60_000));
          throw new AppError('TOO_MANY_WRONG_CODES', {
            status: 429,
            message: `Too many wrong gift codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          });
        }
      }
    },
    record(keys) {
      if (counts.size > 50_000) counts.clear();
      for (const key of keys) {
        const entry = current(key) ?? { count: 0, resetAt: now() + windowMs };
        entry.count += 1;
        counts.set(key, entry);
      }
    },
  };
}
