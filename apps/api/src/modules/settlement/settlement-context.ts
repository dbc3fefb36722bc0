import type { Db } from '@app/db';
import type Stripe from 'stripe';

/** What every webhook handler takes. */
export interface SettlementContext {
  db: Db;
  stripe: Stripe;
  log?: { info(obj: object, msg: string): void };
}
