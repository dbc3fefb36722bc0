import { createHash } from 'node:crypto';
import type { Ctx } from './ctx.ts';

interface Window {
  start: number;
  count: number;
}

export interface RateDecision {
  headers: Record<string, string>;
  /** Seconds to wait when the request is refused. */
  retryAfter: number | null;
}

/** Per-route buckets keyed by route template plus top-level resource, with Discord's headers
 * (https://discord.com/developers/docs/topics/rate-limits#header-format). */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly ctx: Ctx) {}

  take(route: string, major: string): RateDecision {
    const { limit, windowMs } = this.ctx.settings.rateLimit;
    const now = this.ctx.now();
    const key = `${route}:${major}`;
    let w = this.windows.get(key);
    if (!w || now - w.start >= windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    const resetAt = w.start + windowMs;
    const resetAfter = Math.max(0, resetAt - now) / 1000;
    const refused = w.count >= limit;
    if (!refused) w.count++;
    const headers: Record<string, string> = {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - w.count)),
      'x-ratelimit-reset': (resetAt / 1000).toFixed(3),
      'x-ratelimit-reset-after': resetAfter.toFixed(3),
      'x-ratelimit-bucket': createHash('sha1').update(route).digest('hex').slice(0, 16),
    };
    if (!refused) return { headers, retryAfter: null };
    headers['x-ratelimit-scope'] = 'user';
    headers['retry-after'] = String(Math.ceil(resetAfter));
    return { headers, retryAfter: Number(resetAfter.toFixed(3)) };
  }
}
