import { type Db, rateLimitBatcher } from '@app/db';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

type RouteInfo = { method?: string | string[]; url?: string };

/**
 * A @fastify/rate-limit store whose counters live in PostgreSQL (`rate_limits`), so every API
 * process behind the load balancer counts against the same limit. Each route gets its own child
 * store whose keys start with the route's method and URL, so routes never share a counter. The
 * hits of requests that arrive together are counted in one statement (`rateLimitBatcher`).
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  const hit = rateLimitBatcher(db);
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'route:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      hit({ key: `${this.prefix}${key}`, windowMs: timeWindow }).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes the route's merged limit options, with the route itself as `routeInfo`.
      const route: RouteInfo = (routeOptions as { routeInfo?: RouteInfo }).routeInfo ?? routeOptions;
      const method = [route.method ?? ''].flat().join(',');
      return new PostgresRateLimitStore(routeOptions, `route:${method} ${route.url ?? ''}:`);
    }
  }
  return PostgresRateLimitStore;
}
