import type { Db, UserRow } from '@app/db';
import type { PaymentKindTable } from '@app/domain';
import type Stripe from 'stripe';

/** What a payment call made for the signed-in user with their request body takes. */
export type PaymentCallOptions<Body> = {
  db: Db;
  stripe: Stripe;
  user: UserRow;
  body: Body;
  /** The payment kinds sold: the domain's registry unless a test brings its own. */
  kinds?: PaymentKindTable;
};
