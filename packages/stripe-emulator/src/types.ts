// Stripe objects are dynamic JSON documents shaped like Stripe's own; typing every resource fully
// would duplicate the SDK's types without making the emulator safer, so objects stay loose here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Obj = Record<string, any>;

export type Params = Record<string, unknown>;

export interface RequestInfo {
  id: string;
  idempotencyKey: string | null;
}
