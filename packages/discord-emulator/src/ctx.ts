import { Holds } from './holds.ts';
import type { ResponseObserver } from './observer.ts';
import { snowflake } from './snowflake.ts';
import type { Store } from './store.ts';
import { apiUser } from './users.ts';

export interface RateLimitOptions {
  /** Requests allowed per bucket and window. */
  limit: number;
  windowMs: number;
}

/** What every part of the emulator shares: state, the clock and settings. */
export class Ctx {
  constructor(
    readonly store: Store,
    private readonly clock: () => number,
    readonly settings: {
      prefix: string;
      publicUrl?: string;
      interactionsUrl: string | null;
      /** Where webhook events (APPLICATION_AUTHORIZED, …) go: the app's Webhook Events URL. */
      eventsUrl?: string | null;
      invalidSignatureRate: number;
      rateLimit: RateLimitOptions;
      deadlineMs: number;
    },
  ) {}

  offsetMs = 0;
  /** Sees each object the emulator sends the app (see observer.ts), for the fidelity check. */
  observe?: ResponseObserver;
  /** REST requests test control asked to hold (see holds.ts). */
  readonly holds = new Holds();

  now(): number {
    return this.clock() + this.offsetMs;
  }

  id(): string {
    return snowflake(this.now());
  }

  iso(ms = this.now()): string {
    return new Date(ms).toISOString().replace('Z', '+00:00');
  }

  get keys() {
    return this.store.state.keys;
  }

  botUser() {
    return apiUser({ id: this.keys.applicationId, username: 'HyperCreate', globalName: 'HyperCreate' }, true);
  }

  /** Absolute base of the emulator as seen by whoever asked (for attachment URLs). */
  baseUrl(host: string | undefined, proto = 'http'): string {
    if (this.settings.publicUrl) return this.settings.publicUrl.replace(/\/$/, '');
    return `${proto}://${host ?? '127.0.0.1'}${this.settings.prefix}`;
  }
}
