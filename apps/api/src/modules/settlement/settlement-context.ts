import type { Db } from '@app/db';
import type Stripe from 'stripe';
import type { AccountNotifier } from '../billing/account-notices.ts';

/** What every webhook handler takes. */
export interface SettlementContext {
  db: Db;
  stripe: Stripe;
  log?: { info(obj: object, msg: string): void };
  /** Direct messages to users about their account (absent without a Discord bot). */
  notifier?: AccountNotifier;
}
