import { createHmac } from 'node:crypto';
import type { Kept } from './types.ts';

const TIMEOUT_MS = 5000;
const FIRST_RETRY = 60;
const LONGEST_RETRY = 12 * 3600;
/** Stripe keeps retrying an undelivered event for up to three days. */
export const RETRY_WINDOW = 3 * 86400;
/** Test seconds per real second: 240 makes the first retry come after 0.25 s, the last after 18 min. */
export const DEFAULT_TIME_SCALE = 240;

/** Stripe's signature header: `t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function signPayload(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/**
 * Test seconds to wait after the `failures`-th failed attempt, doubling from a minute up to 12
 * hours, or null once the next attempt would fall outside the three-day window.
 */
export function retryDelay(failures: number): number | null {
  let elapsed = 0;
  let delay = 0;
  for (let k = 1; k <= failures; k++) {
    delay = Math.min(FIRST_RETRY * 2 ** (k - 1), LONGEST_RETRY);
    elapsed += delay;
  }
  return elapsed > RETRY_WINDOW ? null : delay;
}

/** An event waiting to reach the endpoint; kept in the emulator's state so a restart resumes it. */
export interface PendingDelivery {
  event: string;
  payload: string;
  attempts: number;
  /** Emulator-clock time of the next attempt (advancing the clock brings it forward). */
  dueAt: number;
  /** Real time (ms) of the next attempt: the delay compressed by the time scale. */
  realDueAt: number;
}

export interface DispatcherDeps {
  queue: () => PendingDelivery[];
  target: () => string | null;
  secret: () => string;
  /** The emulator clock, unix seconds. */
  now: () => number;
  timeScale: number;
  /** Persists the state after a delivery attempt changed the queue. */
  save: () => void;
  delivered: (eventId: string) => void;
}

/**
 * Posts events to the webhook endpoint off the request path (never blocking an API call). A
 * failed delivery is retried with exponential backoff for three days of test time, compressed by
 * the time scale; a delivery is due when either the emulator clock or the compressed real time
 * reaches it.
 */
export class WebhookDispatcher {
  private readonly inFlight = new Set<PendingDelivery>();
  private timer: NodeJS.Timeout | null = null;
  private idleWaiters: (() => void)[] = [];
  private closed = false;

  constructor(private readonly deps: DispatcherDeps) {}

  enqueue(event: Kept<'event'>): void {
    if (!this.deps.target() || this.closed) return;
    this.deps.queue().push({
      event: event.id,
      payload: JSON.stringify(event, null, 2),
      attempts: 0,
      dueAt: this.deps.now(),
      realDueAt: Date.now(),
    });
    queueMicrotask(() => this.pump());
  }

  /** Resolves once nothing due is waiting or being sent (later retries may remain). */
  flush(): Promise<void> {
    this.pump();
    if (this.idle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.notifyIdle(true);
  }

  private due(d: PendingDelivery): boolean {
    return !this.inFlight.has(d) && (d.dueAt <= this.deps.now() || d.realDueAt <= Date.now());
  }

  private idle(): boolean {
    if (this.inFlight.size > 0) return false;
    return !this.deps.target() || !this.deps.queue().some((d) => this.due(d));
  }

  private notifyIdle(force = false): void {
    if (!force && !this.idle()) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Sends everything due, then sleeps until the next compressed retry time. */
  pump(): void {
    if (this.closed) return;
    // Without an endpoint the queue waits: it resumes once one is set again.
    if (!this.deps.target()) return this.notifyIdle();
    for (const d of this.deps.queue().filter((x) => this.due(x))) {
      this.inFlight.add(d);
      void this.send(d).finally(() => {
        this.inFlight.delete(d);
        this.pump();
      });
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const waiting = this.deps.queue().filter((d) => !this.inFlight.has(d));
    if (waiting.length > 0) {
      const next = Math.min(...waiting.map((d) => d.realDueAt));
      this.timer = setTimeout(() => this.pump(), Math.max(0, next - Date.now()));
      this.timer.unref();
    }
    this.notifyIdle();
  }

  private async send(d: PendingDelivery): Promise<void> {
    const url = this.deps.target();
    if (!url) return;
    let ok = false;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signPayload(d.payload, this.deps.secret()),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: d.payload,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      ok = res.status >= 200 && res.status < 300;
    } catch {
      ok = false;
    }
    // After close the state is already saved; what was not confirmed is sent again on restart.
    if (this.closed) return;
    const queue = this.deps.queue();
    d.attempts++;
    const delay = ok ? null : retryDelay(d.attempts);
    if (delay === null) {
      const i = queue.indexOf(d);
      if (i >= 0) queue.splice(i, 1);
      if (ok) this.deps.delivered(d.event);
    } else {
      d.dueAt = this.deps.now() + delay;
      d.realDueAt = Date.now() + (delay * 1000) / this.deps.timeScale;
    }
    this.deps.save();
  }
}
