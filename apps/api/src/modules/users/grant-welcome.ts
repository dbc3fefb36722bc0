import { type DbOrTx, grant } from '@app/db';
import { WELCOME_GRANT, welcomeGrantKey } from '@app/domain';

/** The one-time free credits of a new account; the ledger key makes a second call a no-op. */
export async function grantWelcome({ db, userId }: { db: DbOrTx; userId: string }): Promise<void> {
  for (const currency of ['credits', 'hypercredits'] as const) {
    const amount = WELCOME_GRANT[currency];
    if (amount <= 0) continue;
    await grant(db, {
      userId,
      currency,
      amount,
      reason: WELCOME_GRANT.reason,
      idempotencyKey:
        currency === 'credits' ? welcomeGrantKey(userId) : `${welcomeGrantKey(userId)}:${currency}`,
    });
  }
}
