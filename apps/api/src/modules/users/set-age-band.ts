import { type DbOrTx, type UserRow, deleteSessionsOfUser, setUserPreferences } from '@app/db';
import { type AgeBand, UNDER_13_TEXT } from '@app/domain';
import { AppError, notFound } from '../../lib/errors.ts';

/**
 * Stores the age band asked at the first sign-in, once: `13-17` needs a parent or guardian's
 * acceptance, stored with its time. `under-13` is stored too, the person's sessions end and the
 * answer is a 403: the service is for people aged 13 or older.
 */
export async function setAgeBand({
  db,
  user,
  band,
  guardianAccepted,
}: {
  db: DbOrTx;
  user: UserRow;
  band: AgeBand;
  guardianAccepted?: boolean;
}): Promise<UserRow> {
  if (user.ageBand && user.ageBand !== band) {
    throw new AppError('AGE_BAND_SET', { status: 409, message: 'Your age band is already recorded.' });
  }
  const row = await setUserPreferences(db, user.id, {
    ageBand: band,
    guardianAcceptedAt: band === '13-17' && guardianAccepted ? new Date() : null,
  });
  if (!row) throw notFound('User');
  if (band === 'under-13') {
    await deleteSessionsOfUser(db, user.id);
    throw new AppError('UNDER_13', { status: 403, message: UNDER_13_TEXT });
  }
  return row;
}
