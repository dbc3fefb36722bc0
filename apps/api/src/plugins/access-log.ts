import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { redactUrl } from '@app/domain';
import { type AccessLine, accessLineWriter } from '../lib/logging.ts';

const kLogged = Symbol('access logged');
type Logged = FastifyRequest & { [kLogged]: boolean };

/** Marks the request's line as written; false when it already was or the level is off. */
function firstLine(request: FastifyRequest): boolean {
  // A line below the level is not even assembled.
  const log = request.log as { isLevelEnabled?: (level: string) => boolean };
  if (log.isLevelEnabled?.('info') === false) return false;
  const logged = request as Logged;
  if (logged[kLogged]) return false;
  logged[kLogged] = true;
  return true;
}

/** The line through the request's logger, for a logger whose stream cannot take it directly. */
function throughLogger({ reqId: _reqId, url, ...fields }: AccessLine, log: FastifyBaseLogger) {
  const { method, route, ...end } = fields;
  log.info({ method, url: redactUrl(url), route, ...end }, 'request');
}

/**
 * One access line per request, written when it ends: method, URL (tokens and secret parameters
 * taken out), route, status and duration. A request the client gave up on gets its line then,
 * marked `aborted`. Lines go straight into the log's stream when the logger is pino's plain JSON,
 * through the logger otherwise (lib/logging.ts). Fastify's own pair of lines ("incoming request",
 * "request completed") is off.
 */
export function accessLog(app: FastifyInstance) {
  app.decorateRequest(kLogged, false);
  const write = accessLineWriter(app.log) ?? throughLogger;
  // Object literals, not spreads: a spread in this path cost more than the rest of the line.
  return {
    /** The line of a request answered; `route` is its route's pattern, when the caller has read it. */
    answered(request: FastifyRequest, reply: FastifyReply, route = request.routeOptions.url) {
      if (!firstLine(request)) return;
      write(
        {
          reqId: request.id,
          method: request.method,
          url: request.originalUrl,
          route,
          statusCode: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime * 10) / 10,
        },
        request.log,
      );
    },
    /** The line of a request its client gave up on. */
    aborted(request: FastifyRequest) {
      if (!firstLine(request)) return;
      write(
        {
          reqId: request.id,
          method: request.method,
          url: request.originalUrl,
          route: request.routeOptions.url,
          aborted: true,
        },
        request.log,
      );
    },
  };
}
