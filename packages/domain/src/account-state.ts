import { z } from 'zod';
import { formatEpochDate } from './display.ts';
import {
  type MoneyState,
  capLevel,
  dailyCapText,
  monthlyCapText,
  topUpDeclinedText,
  topUpWaitingText,
} from './money-notices.ts';

/*
 * What a person is told about their account's money, in the same words wherever they look (/info,
 * the dashboard, the status page): a renewal being retried, a plan lapsed for want of payment, a
 * balance below zero, a disputed payment holding new jobs. Never a renewal that will not happen.
 */

/** One of the user's plans as far as these words go; dates in epoch seconds. */
export interface AccountPlanState {
  tier: string;
  /** Stripe's status as the plan sees it (`unpaid` once the retries are over). */
  status: string;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  gifted: boolean;
  nextPaymentAttempt: number | null;
  /** A downgrade waiting for the period's end. */
  downgradeTo?: string | null;
  /** When a plan that had started stopped being live. */
  endedAt: number | null;
}

export interface AccountStateInput {
  credits: number;
  hypercredits: number;
  disputed: boolean;
  /** Every plan of the user, latest first. */
  plans: AccountPlanState[];
  /** Auto top-up and the spend caps, when the user has set them. */
  money?: MoneyState;
}

export const ACCOUNT_NOTICE_KINDS = [
  'pastDue',
  'lapsed',
  'disputeHold',
  'balanceOwed',
  'topUpWaiting',
  'topUpOff',
  'monthlyCap',
  'dailyCap',
] as const;

export const AccountNotice = z.object({
  kind: z.enum(ACCOUNT_NOTICE_KINDS),
  text: z.string(),
  /** Whether an open invoice waits to be paid ("Pay now"). */
  payNow: z.boolean(),
  /** Whether a top-up waits for the bank ("Confirm with your bank"). */
  authenticate: z.boolean().optional(),
});
export type AccountNotice = z.infer<typeof AccountNotice>;

export const AccountStateBody = z.object({ notices: z.array(AccountNotice) });
export type AccountStateBody = z.infer<typeof AccountStateBody>;

/** Why new jobs wait while a payment is disputed (also the refusal of a job). */
export const DISPUTE_HOLD_TEXT =
  'New jobs are paused because one of your payments is disputed with your bank. They start again as soon as the dispute is closed in your favour; to settle it sooner, withdraw the dispute with your bank or write to support.';

const owed = (amount: number, currency: string) => `${Math.abs(amount).toLocaleString('en-US')} ${currency}`;

/** Why new jobs wait while the balance is below zero (also the refusal of a job); null when it is not. */
export function balanceOwedText({ credits, hypercredits }: { credits: number; hypercredits: number }) {
  const below = [
    credits < 0 ? owed(credits, 'credits') : null,
    hypercredits < 0 ? owed(hypercredits, 'hypercredits') : null,
  ].filter((part): part is string => part !== null);
  if (below.length === 0) return null;
  return `New jobs are paused because your balance is below zero: you owe ${below.join(' and ')}, taken back when a payment was refunded or charged back after they were used. Buy a credit package to settle it; new jobs start again once your balance is zero or more.`;
}

const LIVE = new Set(['active', 'trialing', 'past_due']);

/** What the user must hear about their account now, most pressing first. */
export function accountNotices(input: AccountStateInput): AccountNotice[] {
  const notices: AccountNotice[] = [];
  for (const plan of input.plans) {
    if (plan.status !== 'past_due') continue;
    const retry = plan.nextPaymentAttempt
      ? ` We will try your card again on ${formatEpochDate(plan.nextPaymentAttempt)}; your plan stays active until the retries are over.`
      : '';
    notices.push({
      kind: 'pastDue',
      text: `Your payment for the ${plan.tier} failed.${retry} Pay now or update your card to keep it.`,
      payNow: true,
    });
  }
  const live = new Set(input.plans.filter((plan) => LIVE.has(plan.status)).map((plan) => plan.tier));
  const lapsed = input.plans.find((plan) => plan.status === 'unpaid' && !live.has(plan.tier));
  if (lapsed) {
    const when = lapsed.endedAt ? ` on ${formatEpochDate(lapsed.endedAt)}` : '';
    notices.push({
      kind: 'lapsed',
      text: `Your ${lapsed.tier} lapsed${when}: its renewal could not be charged after several tries, so you are on the Free plan. Pay the open invoice to get it and its credits back.`,
      payNow: true,
    });
  }
  if (input.disputed) notices.push({ kind: 'disputeHold', text: DISPUTE_HOLD_TEXT, payNow: false });
  const owedText = balanceOwedText(input);
  if (owedText) notices.push({ kind: 'balanceOwed', text: owedText, payNow: false });
  if (input.money) notices.push(...moneyNotices(input.money));
  return notices;
}

/** Auto top-up waiting or turned off, and the caps at 80% or more. */
function moneyNotices(money: MoneyState): AccountNotice[] {
  const notices: AccountNotice[] = [];
  const { topUp } = money;
  if (topUp?.enabled && topUp.state === 'waiting') {
    notices.push({
      kind: 'topUpWaiting',
      text: topUpWaitingText(topUp.packageName, topUp.priceCents),
      payNow: false,
      authenticate: true,
    });
  }
  if (topUp && !topUp.enabled && topUp.offReason) {
    notices.push({ kind: 'topUpOff', text: topUpDeclinedText(topUp.offReason), payNow: false });
  }
  const monthly = topUp?.cappedThisMonth ? 100 : capLevel(money.spentThisMonthCents, money.monthlyCapCents);
  if (monthly && money.monthlyCapCents) {
    notices.push({
      kind: 'monthlyCap',
      text: monthlyCapText(monthly, money.spentThisMonthCents, money.monthlyCapCents, money.monthEnds),
      payNow: false,
    });
  }
  const daily = capLevel(money.creditsSpentToday, money.dailyCreditCap);
  if (daily && money.dailyCreditCap) {
    notices.push({
      kind: 'dailyCap',
      text: dailyCapText(daily, money.creditsSpentToday, money.dailyCreditCap),
      payNow: false,
    });
  }
  return notices;
}

/**
 * A plan's next date in words: "renews on …" only when it will renew (paid, not cancelled, not
 * failing), "ends on …" when it will not; null while a renewal is failing (the notice says it).
 */
export function planDateWords(plan: AccountPlanState): string | null {
  if (plan.status === 'past_due' || plan.status === 'unpaid') return null;
  if (!plan.currentPeriodEnd) return null;
  const date = formatEpochDate(plan.currentPeriodEnd);
  return plan.cancelAtPeriodEnd || plan.gifted ? `ends on ${date}` : `renews on ${date}`;
}

/** The plan invoice a lapsed or past-due person can pay now ("Pay now"), or null. */
export const OpenInvoiceBody = z.object({
  invoice: z
    .object({
      id: z.string(),
      tier: z.string().nullable(),
      amountCents: z.number().int(),
      currency: z.string(),
      /** Epoch seconds. */
      created: z.number().int(),
    })
    .nullable(),
});
export type OpenInvoiceBody = z.infer<typeof OpenInvoiceBody>;

/** Pays the open plan invoice with a card (a new one becomes the default for the next renewals). */
export const PayOpenInvoiceBody = z.object({
  invoiceId: z.string().min(3).max(255),
  paymentMethodId: z.string().min(3).max(255),
});
export type PayOpenInvoiceBody = z.infer<typeof PayOpenInvoiceBody>;

export const PayOpenInvoiceResult = z.object({ status: z.literal('paid'), amountCents: z.number().int() });
export type PayOpenInvoiceResult = z.infer<typeof PayOpenInvoiceResult>;
