import type { Shape } from './shape.ts';
import type { ObjectSchema } from './stripe-schema.ts';
import { validate, type Failure } from './validate.ts';

export interface Checked {
  /** The type the value was checked as, e.g. `payment_intent`, `event customer.created`. */
  type: string;
  failures: Failure[];
}

const eventIndex = new WeakMap<ObjectSchema, Map<string, Shape[]>>();

/** The event interfaces by their `type` literal (one per event type), so an event is checked as one. */
function eventTypes(schema: ObjectSchema): Map<string, Shape[]> {
  let index = eventIndex.get(schema);
  if (!index) {
    index = new Map();
    for (const shape of schema.byObject.event ?? []) {
      const type = shape.k === 'ref' ? schema.defs[shape.id]?.props.type?.t : undefined;
      const key = type?.k === 'lit' ? String(type.v) : '*';
      index.set(key, [...(index.get(key) ?? []), shape]);
    }
    eventIndex.set(schema, index);
  }
  return index;
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
    return [
      { type: 'list', failures: envelope },
      ...items.flatMap((item) => checkStripeObject(item, schema)),
    ];
  }
  const kind = String(obj.object);
  const candidates = kind === 'event' ? eventTypes(schema).get(String(obj.type)) : schema.byObject[kind];
  const type = kind === 'event' ? `event ${String(obj.type)}` : kind;
  if (!candidates) {
    const failure =
      kind === 'event'
        ? { path: 'type', message: `no Stripe event has type: ${JSON.stringify(obj.type)}` }
        : { path: 'object', message: `no Stripe type has object: ${JSON.stringify(kind)}` };
    return [{ type, failures: [failure] }];
  }
  const failures = validate(
    value,
    candidates.length === 1 ? candidates[0]! : { k: 'union', of: candidates },
    schema,
  );
  return [{ type, failures }];
}
