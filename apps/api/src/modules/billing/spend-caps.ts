import {
  type Db,
  type DbOrTx,
  type UserRow,
  creditsSpentOnJobsSince,
  findAutoTopUp,
  spentSinceCents,
} from '@app/db';
import {
  type MoneyState,
  capLevel,
  dailyCapRefusal,
  dailyCapText,
  findCreditPackage,
  monthlyCapText,
} from '@app/domain';
import { AppError } from '../../lib/errors.ts';
import { type AccountNotifier, sendAccountNotice } from './account-notices.ts';

/** The calendar month and day (UTC) the caps count in, and when the month ends. */
export function capPeriods(now = new Date()) {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return {
    monthStart,
    monthEnd,
    dayStart,
    month: monthStart.toISOString().slice(0, 7),
    day: dayStart.toISOString().slice(0, 10),
  };
}

/** Auto top-up and the caps as the notices and the settings page see them. */
export async function describeMoney(db: DbOrTx, userId: string): Promise<MoneyState | undefined> {
  const row = await findAutoTopUp(db, userId);
  if (!row) return undefined;
  const periods = capPeriods();
  const [spentThisMonthCents, creditsSpentToday] = await Promise.all([
    row.monthlyCapCents ? spentSinceCents(db, userId, periods.monthStart) : 0,
    row.dailyCreditCap ? creditsSpentOnJobsSince(db, userId, periods.dayStart) : 0,
  ]);
  const pack = findCreditPackage(row.packageName);
  return {
    topUp: pack
      ? {
          enabled: row.enabled,
          state: row.state,
          packageName: pack.name,
          priceCents: pack.price,
          cardLast4: row.cardLast4,
          offReason: row.offReason,
          cappedThisMonth: row.cappedMonth === periods.month,
        }
      : null,
    monthlyCapCents: row.monthlyCapCents,
    spentThisMonthCents,
    monthEnds: Math.floor(periods.monthEnd.getTime() / 1000),
    dailyCreditCap: row.dailyCreditCap,
    creditsSpentToday,
  };
}

/**
 * Refuses a job whose credits would pass the daily cap on credits spent, in words saying what was
 * used and when it starts again. Read before the hold: two jobs sent at the same instant may both
 * pass, by at most one job's price.
 */
export async function assertWithinDailyCap({
  db,
  userId,
  credits,
}: {
  db: DbOrTx;
  userId: string;
  credits: number;
}): Promise<void> {
  if (credits <= 0) return;
  const row = await findAutoTopUp(db, userId);
  if (!row?.dailyCreditCap) return;
  const spent = await creditsSpentOnJobsSince(db, userId, capPeriods().dayStart);
  if (spent + credits > row.dailyCreditCap) {
    throw new AppError('DAILY_CAP_REACHED', {
      status: 403,
      message: dailyCapRefusal(spent, row.dailyCreditCap, credits),
      details: { spentToday: spent, dailyCreditCap: row.dailyCreditCap },
    });
  }
}

/**
 * Sends the alerts at 80% and 100% of each cap that spending has reached, each once per period
 * (the month for money, the UTC day for credits): the notice's key names the period.
 */
export async function sendCapAlerts({
  db,
  notifier,
  user,
  cappedNow = false,
}: {
  db: Db;
  notifier: AccountNotifier | undefined;
  user: Pick<UserRow, 'id' | 'discordId'>;
  /** The monthly cap just stopped a top-up: it counts as reached. */
  cappedNow?: boolean;
}): Promise<void> {
  const money = await describeMoney(db, user.id);
  if (!money) return;
  const periods = capPeriods();
  const alerts: { key: string; content: string }[] = [];
  const monthly =
    cappedNow || money.topUp?.cappedThisMonth
      ? 100
      : capLevel(money.spentThisMonthCents, money.monthlyCapCents);
  if (monthly && money.monthlyCapCents) {
    for (const level of monthly === 100 ? ([80, 100] as const) : ([80] as const)) {
      alerts.push({
        key: `monthly-cap-${level}:${user.id}:${periods.month}`,
        content: monthlyCapText(level, money.spentThisMonthCents, money.monthlyCapCents, money.monthEnds),
      });
    }
  }
  const daily = capLevel(money.creditsSpentToday, money.dailyCreditCap);
  if (daily && money.dailyCreditCap) {
    for (const level of daily === 100 ? ([80, 100] as const) : ([80] as const)) {
      alerts.push({
        key: `daily-cap-${level}:${user.id}:${periods.day}`,
        content: dailyCapText(level, money.creditsSpentToday, money.dailyCreditCap),
      });
    }
  }
  for (const alert of alerts) {
    await sendAccountNotice({ db, notifier, user, key: alert.key, kind: 'capAlert', content: alert.content });
  }
}
