import type Stripe from 'stripe';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyKept, Kept, LineInput, SubscriptionChanges } from './types.ts';
import type { PendingDelivery } from './webhooks.ts';

export interface IdempotentResult {
  fingerprint: string;
  status: number;
  body: string;
  created: number;
}

/** What a Checkout Session passes on to the payment or subscription it creates. */
export interface SessionOptions {
  paymentIntentMetadata: Stripe.Metadata;
  subscriptionMetadata: Stripe.Metadata;
  trialPeriodDays: number | null;
}

export interface State {
  version: 1;
  keys: { secret: string; publishable: string; webhookSecret: string };
  clockOffset: number;
  invoiceSequence: number;
  webhookUrl: string | null;
  /** Every object by id, in creation order (lists read it backwards: newest first). */
  objects: Record<string, AnyKept>;
  idempotency: Record<string, IdempotentResult>;
  /** Events not yet accepted by the webhook endpoint, with their retry times. */
  webhookQueue: PendingDelivery[];
  /** Facts Stripe keeps but does not show: which card number a payment method stands for, … */
  hidden: {
    cardNumbers: Record<string, string>;
    invoiceOfIntent: Record<string, string>;
    sessionOfIntent: Record<string, string>;
    pendingProrations: Record<string, LineInput[]>;
    sessionLineItems: Record<string, Kept<'item'>[]>;
    sessionOptions: Record<string, SessionOptions>;
    /** Cards a payment set up for later off-session use (no new 3-D Secure challenge). */
    setUpCards: Record<string, boolean>;
    /** Subscription changes waiting for their invoice (`pending_if_incomplete`). */
    pendingUpdates: Record<string, { invoice: string; changes: SubscriptionChanges; expiresAt: number }>;
  };
}

const IDEMPOTENCY_TTL = 24 * 3600;
const MAX_IDEMPOTENCY_KEYS = 10_000;
const PRUNE_EVERY_SAVES = 100;
const PRUNE_EVERY_MS = 60_000;

const token = (n: number) => randomBytes(n).toString('base64url').replace(/[-_]/g, '').slice(0, n);

export function freshState(): State {
  return {
    version: 1,
    keys: {
      secret: `sk_test_emu_${token(24)}`,
      publishable: `pk_test_emu_${token(24)}`,
      webhookSecret: `whsec_${token(32)}`,
    },
    clockOffset: 0,
    invoiceSequence: 0,
    webhookUrl: null,
    objects: {},
    idempotency: {},
    webhookQueue: [],
    hidden: {
      cardNumbers: {},
      invoiceOfIntent: {},
      sessionOfIntent: {},
      pendingProrations: {},
      sessionLineItems: {},
      sessionOptions: {},
      setUpCards: {},
      pendingUpdates: {},
    },
  };
}

/** Keeps the state in memory and, given a folder, in `state.json` there (written atomically). */
export class Store {
  readonly state: State;
  private readonly file: string | null;

  constructor(dataDir?: string) {
    this.file = dataDir ? join(dataDir, 'state.json') : null;
    this.state = this.load() ?? freshState();
  }

  private savesSincePrune = 0;
  private prunedAt = 0;

  /**
   * Stripe keeps idempotency keys for 24 hours; the newest 10,000 are plenty for an emulator. The
   * whole table is read at most once a minute or every 100 saves, not on every save: a busy
   * emulator holds thousands of keys, and reading them all per request made each one slower.
   */
  private pruneIdempotency(): void {
    const now = Date.now();
    if (++this.savesSincePrune < PRUNE_EVERY_SAVES && now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.savesSincePrune = 0;
    this.prunedAt = now;
    const oldest = Math.floor(now / 1000) - IDEMPOTENCY_TTL;
    const entries = Object.entries(this.state.idempotency);
    entries.forEach(([key, entry], i) => {
      if (entry.created < oldest || entries.length - i > MAX_IDEMPOTENCY_KEYS)
        delete this.state.idempotency[key];
    });
  }

  private load(): State | null {
    if (!this.file) return null;
    try {
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as State;
      const fresh = freshState();
      return { ...fresh, ...parsed, hidden: { ...fresh.hidden, ...parsed.hidden } };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  save(): void {
    this.pruneIdempotency();
    if (!this.file) return;
    mkdirSync(join(this.file, '..'), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state));
    renameSync(tmp, this.file);
  }
}

export function newId(prefix: string, length = 24): string {
  return `${prefix}_${token(length)}`;
}

export function secretFor(id: string): string {
  return `${id}_secret_${token(24)}`;
}
