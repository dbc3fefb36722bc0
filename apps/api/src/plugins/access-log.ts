import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { serializeRequest } from '../lib/logging.ts';

const kLogged = Symbol('access logged');
type Logged = FastifyRequest & { [kLogged]: boolean };

/** Marks the request's line as written; false when it already was or the level is off. */
function firstLine(request: FastifyRequest): boolean {
  // pino's own check; a line below the level is not even assembled.
  const log = request.log as { isLevelEnabled?: (level: string) => boolean };
  if (log.isLevelEnabled?.('info') === false) return false;
  const logged = request as Logged;
  if (logged[kLogged]) return false;
  logged[kLogged] = true;
  return true;
}

/**
 * One access line per request, written when it ends: method, URL (tokens and secret parameters
 * taken out), route, status and duration. A request the client gave up on gets its line then,
 * marked `aborted`. Fastify's own pair of lines ("incoming request", "request completed") is off.
 */
export const accessLogPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest(kLogged, false);
  // Callback hooks: they run on every request and have nothing to wait for.
  app.addHook('onResponse', (request, reply, done) => {
    if (firstLine(request))
      request.log.info(
        {
          ...serializeRequest(request),
          statusCode: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      );
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    if (firstLine(request)) request.log.info({ ...serializeRequest(request), aborted: true }, 'request');
    done();
  });
});
