import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Destructive admin calls also carry ADMIN_PASSWORD. Both sides are hashed first so the
 * comparison takes the same time whatever the length or content of the guess.
 */
export function checkAdminPassword({ expected, given }: { expected: string; given: string }): void {
  if (!timingSafeEqual(digest(expected), digest(given))) {
    throw new AppError('WRONG_PASSWORD', { status: 403, message: 'The admin password is not correct' });
  }
}
