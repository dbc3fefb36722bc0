import { notFound } from './errors.ts';
import { newId, type Store } from './store.ts';
// Default values for every top-level field of Stripe's objects, so the emulator's objects carry the
// same fields as Stripe's own (values that the emulator does not manage stay null, false or empty).
import templates from './templates.json' with { type: 'json' };
import type { ResponseObserver } from './observer.ts';
import type Stripe from 'stripe';
import {
  isDeleted,
  type AfterRetries,
  type AnyKept,
  type Json,
  type Kept,
  type Kind,
  type Previous,
  type RequestInfo,
} from './types.ts';
import type { WebhookDispatcher } from './webhooks.ts';

export const API_VERSION = '2026-10-28.endive';

const KIND_BY_PREFIX: [string, Kind][] = [
  ['sub_sched_', 'subscription_schedule'],
  ['sub_', 'subscription'],
  ['cus_', 'customer'],
  ['pm_', 'payment_method'],
  ['pi_', 'payment_intent'],
  ['ch_', 'charge'],
  ['prod_', 'product'],
  ['price_', 'price'],
  ['in_', 'invoice'],
  ['ii_', 'invoiceitem'],
  ['cs_', 'checkout.session'],
  ['bps_', 'billing_portal.session'],
  ['bpc_', 'billing_portal.configuration'],
  ['evt_', 'event'],
  ['promo_', 'promotion_code'],
  ['re_', 'refund'],
  ['seti_', 'setup_intent'],
  ['we_', 'webhook_endpoint'],
  ['di_', 'discount'],
  ['dp_', 'dispute'],
];

/** Stripe's wording for a kind of object in "No such …" messages. */
const NOUNS: Partial<Record<Kind, string>> = {
  payment_method: 'PaymentMethod',
  payment_intent: 'payment_intent',
  subscription_schedule: 'subscription schedule',
  'checkout.session': 'checkout.session',
  'billing_portal.session': 'billing portal session',
  'billing_portal.configuration': 'billing portal configuration',
  promotion_code: 'promotion code',
  setup_intent: 'setup_intent',
  webhook_endpoint: 'webhook endpoint',
};

const storeKey = (kind: Kind, id: string) => (kind === 'coupon' ? `coupon:${id}` : id);

/** Everything a resource handler needs: state, the emulator clock, events and object access. */
export class Ctx {
  request: RequestInfo = { id: '', idempotencyKey: null };
  /** Subscriptions being created in this request: their status changes are part of `created`. */
  readonly creating = new Set<string>();
  /** While the clock replays what happened at a past boundary, objects are dated then. */
  private virtualNow: number | null = null;
  /** Sees every API answer and event, when set (the test suite's shape check). */
  observe: ResponseObserver | undefined;
  /** Account settings Stripe keeps in its dashboard rather than the API. */
  settings: { afterRetries: AfterRetries; businessName: string } = {
    afterRetries: 'cancel',
    businessName: 'Test business',
  };

  constructor(
    readonly store: Store,
    /** Public base URL + mount prefix: every URL handed out starts with it. */
    public publicUrl: string,
    readonly webhooks: WebhookDispatcher,
  ) {}

  get state() {
    return this.store.state;
  }

  now(): number {
    return this.virtualNow ?? Math.floor(Date.now() / 1000) + this.state.clockOffset;
  }

  at<T>(time: number, fn: () => T): T {
    const previous = this.virtualNow;
    this.virtualNow = time;
    try {
      return fn();
    } finally {
      this.virtualNow = previous;
    }
  }

  /** A new object of `kind` carrying every field of Stripe's own, with `fields` set. */
  create<K extends Kind>(kind: K, prefix: string, fields: Partial<Kept<K>>): Kept<K> {
    const template = structuredClone((templates as Record<string, Json>)[kind] ?? {});
    const obj: Json = { id: newId(prefix), object: kind, ...template, ...fields };
    const given = fields as { created?: number; metadata?: unknown };
    // Embedded objects (subscription items, discounts, checkout line items) have no `livemode`.
    if ('livemode' in template) obj.livemode = false;
    if ('created' in template && given.created === undefined) obj.created = this.now();
    if ('metadata' in template && given.metadata === undefined) obj.metadata = {};
    // The template carries every other field of Stripe's own object (the fidelity test checks it).
    return obj as Kept<K>;
  }

  /** Defaults for an embedded object (no own storage), e.g. subscription items or discounts. */
  embedded<K extends Kind>(kind: K, prefix: string, fields: Partial<Kept<K>>): Kept<K> {
    return this.create(kind, prefix, fields);
  }

  put<T extends AnyKept>(obj: T): T {
    this.state.objects[storeKey(obj.object, obj.id)] = obj;
    return obj;
  }

  find<K extends Kind>(id: string, kind: K): Kept<K> | undefined;
  find(id: string, kind?: Kind): AnyKept | undefined;
  find(id: string, kind?: Kind): AnyKept | undefined {
    const k = kind ?? kindOf(id);
    const obj = k ? this.state.objects[storeKey(k, id)] : undefined;
    return obj && (!kind || obj.object === kind) ? obj : undefined;
  }

  get<K extends Kind>(id: string, kind: K, param = 'id'): Kept<K> {
    const obj = this.find(id, kind);
    if (!obj || isDeleted(obj)) throw notFound(NOUNS[kind] ?? kind, id, param);
    return obj;
  }

  /**
   * An object a request parameter names (`discounts[0][coupon]`): a missing one is a 400, as
   * Stripe answers; only an object named in the URL path is a 404.
   */
  ref<K extends Kind>(id: string, kind: K, param: string): Kept<K> {
    const obj = this.find(id, kind);
    if (!obj || isDeleted(obj)) throw notFound(NOUNS[kind] ?? kind, id, param, 400);
    return obj;
  }

  all<K extends Kind>(kind: K): Kept<K>[] {
    return Object.values(this.state.objects).filter((o): o is Kept<K> => o.object === kind && !isDeleted(o));
  }

  /** Records the event Stripe would send for a change and queues its webhook. */
  emit(type: Stripe.Event.Type, object: AnyKept, previous?: Previous): Kept<'event'> {
    // Stripe's Event type pairs each `type` with its object's own type.
    const data = { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) };
    const event = this.put(
      this.create('event', 'evt', {
        api_version: API_VERSION,
        data: data as Kept<'event'>['data'],
        pending_webhooks: this.state.webhookUrl ? 1 : 0,
        request: { id: this.request.id || null, idempotency_key: this.request.idempotencyKey },
        type,
      } as Partial<Kept<'event'>>),
    );
    this.webhooks.enqueue(event);
    this.observe?.({ kind: 'event', body: event });
    return event;
  }

  /**
   * Runs `fn`; if it throws, every object, event and queued webhook is as it was before. Events are
   * never changed once written (only their delivery count, outside any request), so only the other
   * objects are copied beforehand: events are most of what a busy emulator holds.
   */
  atomically<T>(fn: () => T): T {
    const { objects, hidden, invoiceSequence } = this.state;
    const order = Object.keys(objects);
    const changeable: Record<string, AnyKept> = {};
    for (const key of order) if (objects[key]!.object !== 'event') changeable[key] = objects[key]!;
    const saved = structuredClone({ changeable, hidden, invoiceSequence });
    // `fn` is synchronous, so deliveries only get appended meanwhile: dropping the tail undoes it.
    const queued = this.state.webhookQueue.length;
    try {
      return fn();
    } catch (err) {
      const restored: Record<string, AnyKept> = {};
      for (const key of order) restored[key] = saved.changeable[key] ?? objects[key]!;
      this.state.objects = restored;
      this.state.hidden = saved.hidden;
      this.state.invoiceSequence = saved.invoiceSequence;
      this.state.webhookQueue.splice(queued);
      throw err;
    }
  }

  url(path: string): string {
    return `${this.publicUrl}${path}`;
  }
}

export function kindOf(id: string): Kind | undefined {
  return KIND_BY_PREFIX.find(([prefix]) => id.startsWith(prefix))?.[1];
}
