import type { ObjectSchema } from './stripe-schema.ts';
import { validate, type Failure } from './validate.ts';

export interface Checked {
  /** The type the value was checked as, e.g. `payment_intent`, `event customer.created`. */
  type: string;
  failures: Failure[];
}

/**
 * Checks one Stripe object (or a list of them) against the types for its `object` value: events by
 * their `type` (which fixes `data.object`'s type), deleted objects as the `Deleted…` type.
 */
export function checkStripeObject(value: unknown, schema: ObjectSchema): Checked[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [{ type: '(not an object)', failures: [{ path: '(root)', message: 'expected a Stripe object' }] }];
  }
  const obj = value as Record<string, unknown>;
  if (obj.object === 'list' || obj.object === 'search_result') {
    const envelope: Failure[] = [];
    for (const key of ['data', 'has_more', 'url'])
      if (!(key in obj)) envelope.push({ path: key, message: 'required by ApiList, missing' });
    const items = Array.isArray(obj.data) ? obj.data : [];
    return [{ type: 'list', failures: envelope }, ...items.flatMap((item) => checkStripeObject(item, schema))];
  }
  const kind = String(obj.object);
  const candidates = schema.byObject[kind];
  const type = kind === 'event' ? `event ${String(obj.type)}` : kind;
  if (!candidates) {
    return [{ type, failures: [{ path: 'object', message: `no Stripe type has object: ${JSON.stringify(kind)}` }] }];
  }
  const failures = validate(value, candidates.length === 1 ? candidates[0]! : { k: 'union', of: candidates }, schema);
  return [{ type, failures }];
}
