import { formatCents, formatEpochDate } from './display.ts';

const dollars = (cents: number) => `$${formatCents(cents)}`;

/*
 * What a person hears about auto top-up and spend caps: the dashboard's banner and the Discord DMs
 * say the same words (`accountNotices` and the API's notices read these).
 */

/** The auto top-up and caps as far as the words go; amounts in cents, dates in epoch seconds. */
export interface MoneyState {
  topUp: {
    enabled: boolean;
    state: 'armed' | 'buying' | 'waiting' | 'spent';
    packageName: string;
    priceCents: number;
    cardLast4: string | null;
    /** Why auto top-up was turned off by us (a declined card), until it is turned on again. */
    offReason: string | null;
    /** Whether the monthly cap stopped a top-up this month (the cap counts as reached). */
    cappedThisMonth: boolean;
  } | null;
  monthlyCapCents: number | null;
  spentThisMonthCents: number;
  /** Start of next calendar month (UTC): when the monthly cap starts again. */
  monthEnds: number;
  dailyCreditCap: number | null;
  creditsSpentToday: number;
}

export function topUpWaitingText(packageName: string, priceCents: number): string {
  return `Your auto top-up (${packageName}, ${dollars(priceCents)}) is waiting for your bank: confirm the payment to get its credits. Nothing is charged until you do.`;
}

export function topUpDeclinedText(reason: string): string {
  return `Auto top-up is off: ${reason} Save another card and turn auto top-up on again.`;
}

/** The alert at 80% or 100% of the monthly cap on money spent. */
export function monthlyCapText(
  level: 80 | 100,
  spentCents: number,
  capCents: number,
  monthEnds: number,
): string {
  if (level === 100) {
    return `You have reached your monthly spending cap of ${dollars(capCents)} (${dollars(spentCents)} spent): auto top-up is paused until ${formatEpochDate(monthEnds)}.`;
  }
  return `You have spent ${dollars(spentCents)} of your ${dollars(capCents)} monthly spending cap (80% or more).`;
}

/** The alert at 80% or 100% of the daily cap on credits spent. */
export function dailyCapText(level: 80 | 100, spent: number, cap: number): string {
  if (level === 100) {
    return `You have used your daily cap of ${cap.toLocaleString('en-US')} credits: new jobs wait until tomorrow (UTC), or raise the cap on the dashboard.`;
  }
  return `You have used ${spent.toLocaleString('en-US')} of your daily cap of ${cap.toLocaleString('en-US')} credits (80% or more).`;
}

/** Why a job is refused once the daily cap would be passed. */
export function dailyCapRefusal(spent: number, cap: number, price: number): string {
  return `This job costs ${price.toLocaleString('en-US')} credits, and you have used ${spent.toLocaleString('en-US')} of your daily cap of ${cap.toLocaleString('en-US')} credits. New jobs wait until tomorrow (UTC), or raise the cap on the dashboard.`;
}

/** The share of a cap reached, as an alert level (100, 80) or null below 80%. */
export function capLevel(spent: number, cap: number | null): 80 | 100 | null {
  if (!cap) return null;
  if (spent >= cap) return 100;
  if (spent * 5 >= cap * 4) return 80;
  return null;
}
