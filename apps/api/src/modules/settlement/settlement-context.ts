import type { Db } from '@app/db';
import type { PaymentKindTable } from '@app/domain';
import type Stripe from 'stripe';
import type { AccountNotifier } from '../billing/account-notices.ts';

/** What every webhook handler takes. */
export interface SettlementContext {
  db: Db;
  stripe: Stripe;
  log?: { info(obj: object, msg: string): void };
  /** The payment kinds acted on: the domain's registry unless a test brings its own. */
  kinds?: PaymentKindTable;
  /** Direct messages to users about their account (absent without a Discord bot). */
  notifier?: AccountNotifier;
}
