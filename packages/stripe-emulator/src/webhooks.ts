import { createHmac } from 'node:crypto';
import type { Obj } from './types.ts';

export const MAX_ATTEMPTS = 5;
const FIRST_RETRY_MS = 250;
const TIMEOUT_MS = 5000;

/** Stripe's signature header: `t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function signPayload(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

interface Delivery {
  payload: string;
  attempts: number;
}

/**
 * Posts events to the webhook endpoint off the request path (never blocking an API call),
 * retrying a failed delivery with exponential backoff up to MAX_ATTEMPTS times.
 */
export class WebhookDispatcher {
  private queue: Delivery[] = [];
  private inFlight = 0;
  private retries = new Set<NodeJS.Timeout>();
  private idleWaiters: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly target: () => string | null,
    private readonly secret: () => string,
  ) {}

  enqueue(event: Obj): void {
    if (!this.target() || this.closed) return;
    this.queue.push({ payload: JSON.stringify(event, null, 2), attempts: 0 });
    queueMicrotask(() => this.pump());
  }

  /** Resolves once nothing is queued or being sent (scheduled retries may remain). */
  flush(): Promise<void> {
    if (this.idle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    for (const t of this.retries) clearTimeout(t);
    this.retries.clear();
    this.queue = [];
    this.notifyIdle();
  }

  private idle(): boolean {
    return this.queue.length === 0 && this.inFlight === 0;
  }

  private notifyIdle(): void {
    if (!this.idle()) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      const delivery = this.queue.shift() as Delivery;
      this.inFlight++;
      void this.send(delivery).finally(() => {
        this.inFlight--;
        this.notifyIdle();
      });
    }
    this.notifyIdle();
  }

  private async send(delivery: Delivery): Promise<void> {
    const url = this.target();
    if (!url || this.closed) return;
    delivery.attempts++;
    let ok = false;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signPayload(delivery.payload, this.secret()),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: delivery.payload,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      ok = res.status >= 200 && res.status < 300;
    } catch {
      ok = false;
    }
    if (ok || delivery.attempts >= MAX_ATTEMPTS || this.closed) return;
    const delay = FIRST_RETRY_MS * 2 ** (delivery.attempts - 1);
    const timer = setTimeout(() => {
      this.retries.delete(timer);
      this.queue.push(delivery);
      this.pump();
    }, delay);
    timer.unref();
    this.retries.add(timer);
  }
}
