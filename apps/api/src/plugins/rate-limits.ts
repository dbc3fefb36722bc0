import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rateLimited } from '../lib/errors.ts';
import { postgresRateLimitStore } from './rate-limit-store.ts';

/**
 * Whose budget a call spends: the signed-in user's (people behind one address do not share one,
 * and extra cookies or a fresh session do not reset it), else the address's. Never the raw
 * cookie: it changes with any junk cookie, and it holds the session id the database keeps hashed.
 */
export async function rateLimitKey(request: FastifyRequest): Promise<string> {
  const user = await request.currentUser();
  return user ? `user:${user.id}` : `ip:${request.ip}`;
}

/** Rate limits, declared per route (`config.rateLimit`); counted in PostgreSQL for every process. */
export const rateLimitsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(app.ctx.database.db),
    keyGenerator: rateLimitKey,
    // The plugin has set `Retry-After` from the window's remaining time; the body says the same.
    errorResponseBuilder: (_request, context) => rateLimited(context.ttl / 1000),
  });
});
