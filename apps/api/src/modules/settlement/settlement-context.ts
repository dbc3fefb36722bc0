import type { Db } from '@app/db';
import type { PaymentKindTable } from '@app/domain';
import type Stripe from 'stripe';

/** What every webhook handler takes. */
export interface SettlementContext {
  db: Db;
  stripe: Stripe;
  log?: { info(obj: object, msg: string): void };
  /** The payment kinds acted on: the domain's registry unless a test brings its own. */
  kinds?: PaymentKindTable;
}
