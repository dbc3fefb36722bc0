// Stripe objects are dynamic JSON documents shaped like Stripe's own; typing every resource fully
// would duplicate the SDK's types without making the emulator safer, so objects stay loose here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Obj = Record<string, any>;

export type Params = Record<string, unknown>;

export interface RequestInfo {
  id: string;
  idempotencyKey: string | null;
}

/** One line of an invoice being built (a plan period, a proration). */
export interface LineInput {
  amount: number;
  description: string;
  price?: Obj | null;
  quantity?: number;
  period: { start: number; end: number };
  proration?: boolean;
  subscriptionItem?: string | null;
}

/** What happens to a subscription once the last retry of its renewal fails (Stripe's setting). */
export type AfterRetries = 'cancel' | 'unpaid' | 'past_due';
