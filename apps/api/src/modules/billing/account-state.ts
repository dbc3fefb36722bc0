import { type DbOrTx, type UserRow, hasOpenDispute, listSubscriptionRowsOf } from '@app/db';
import { type AccountNotice, type AccountPlanState, accountNotices } from '@app/domain';
import { describeMoney } from './spend-caps.ts';

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/** The user's plans in the words' terms, latest first. */
export async function planStatesOf(db: DbOrTx, userId: string): Promise<AccountPlanState[]> {
  return (await listSubscriptionRowsOf(db, userId)).map((row) => ({
    tier: row.tier,
    status: row.status,
    currentPeriodEnd: seconds(row.currentPeriodEnd),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    gifted: row.gifted,
    downgradeTo: row.downgradeTo,
    nextPaymentAttempt: seconds(row.nextPaymentAttempt),
    endedAt: seconds(row.endedAt),
  }));
}

/** What the user must hear about their account's money now (past due, lapsed, held, owed). */
export async function describeAccountState({
  db,
  user,
}: {
  db: DbOrTx;
  user: UserRow;
}): Promise<{ notices: AccountNotice[]; plans: AccountPlanState[] }> {
  const [plans, disputed, money] = await Promise.all([
    planStatesOf(db, user.id),
    hasOpenDispute(db, user.id),
    describeMoney(db, user.id),
  ]);
  return {
    plans,
    notices: accountNotices({
      credits: user.credits,
      hypercredits: user.hypercredits,
      disputed,
      plans,
      money,
    }),
  };
}
