import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { redactUrl } from '@app/domain';
import { type AccessLine, accessLineWriter } from '../lib/logging.ts';
import { routeConfig } from '../lib/route-context.ts';

const kLogged = Symbol('access logged');
/** An earlier request of the same connection still in flight when this one began (pipelining). */
const kEarlier = Symbol('earlier request in flight');
type Logged = FastifyRequest & { [kLogged]: boolean; [kEarlier]: Logged | null };
/** The latest request a connection is working on, until it is answered. */
const kInFlight = Symbol('request in flight');
type Connection = Socket & { [kInFlight]?: Logged | null };

/** Marks the request's line as written; false when it already was or the level is off. */
function firstLine(request: FastifyRequest, log: FastifyBaseLogger): boolean {
  // A line below the level is not even assembled. (Requests' loggers take the app's level.)
  if ((log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') === false)
    return false;
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
 * taken out), route, status and duration. A request the client gave up on gets its line when its
 * connection closes, marked `aborted`. `started` and `answered` are called for each request (by
 * plugins/request-end.ts). Lines go straight into the log's stream when the logger is
 * pino's plain JSON, through the logger otherwise (lib/logging.ts). Fastify's own pair of lines
 * ("incoming request", "request completed") is off.
 */
export function accessLog(app: FastifyInstance) {
  app.decorateRequest(kLogged, false);
  app.decorateRequest(kEarlier, null);
  const write = accessLineWriter(app.log) ?? throughLogger;

  // Requests given up on are found by their connection: each connection knows the request it is
  // working on, and one listener per connection hears it close. (Fastify's onRequestAbort hook
  // listens on every request instead, which every request pays for.) The requests still in flight
  // when it closes (one, or several pipelined) get their lines, oldest first; the answered are
  // passed over.
  app.server.on('connection', (socket: Connection) => {
    socket.once('close', () => {
      const pending: Logged[] = [];
      for (let request = socket[kInFlight]; request; request = request[kEarlier]) pending.unshift(request);
      socket[kInFlight] = null;
      for (const request of pending) aborted(request);
    });
  });
  /** The line of a request its client gave up on. */
  function aborted(request: FastifyRequest) {
    if (!firstLine(request, app.log)) return;
    write(
      {
        reqId: request.id,
        method: request.method,
        url: request.originalUrl,
        route: routeConfig(request).url,
        aborted: true,
      },
      request.log,
    );
  }

  // Object literals, not spreads: a spread in this path cost more than the rest of the line.
  return {
    /** A request begun: its connection is working on it until it is answered. */
    started(request: FastifyRequest) {
      const connection = request.raw.socket as Connection | null;
      if (!connection) return;
      const earlier = connection[kInFlight];
      if (earlier && !earlier[kLogged]) (request as Logged)[kEarlier] = earlier;
      connection[kInFlight] = request as Logged;
    },
    /** The line of a request answered, with its route's pattern and how long it took. */
    answered(request: FastifyRequest, reply: FastifyReply, route: string | undefined, durationMs: number) {
      const connection = request.raw.socket as Connection | null;
      // Answered: its connection no longer holds it (nor keeps it from being collected).
      if (connection?.[kInFlight] === request) connection[kInFlight] = null;
      if (!firstLine(request, app.log)) return;
      write(
        {
          reqId: request.id,
          method: request.method,
          url: request.originalUrl,
          route,
          statusCode: reply.statusCode,
          durationMs: Math.round(durationMs * 10) / 10,
        },
        request.log,
      );
    },
  };
}
