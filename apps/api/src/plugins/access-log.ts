import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';
import { redactText, redactUrl } from '@app/domain';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the routes registered after the access log: the product's own, measured and logged. */
    measured?: boolean;
  }
}

/**
 * A request id of the shape Fastify gives (`req-1a`): letters, digits and dashes, shorter than any
 * token. Any other (one a client could have chosen) passes the text rules.
 */
const PLAIN_ID = /^[A-Za-z0-9-]{0,14}$/;
const idOf = (id: string) => (PLAIN_ID.test(id) ? id : redactText(id));

/**
 * What every finished request leaves behind, from one `onResponse` hook: its latency in the
 * metrics (by route pattern, so ids never become series; `unmatched` when no route matched) and,
 * with logging on, one access line: the request's id, method, URL (tokens and secret parameters
 * taken out), route, status and duration, through the access logger (lib/logging.ts), which
 * follows the app's level. A request its client gave up on (its connection closed before the
 * answer) gets one line, marked `aborted`, and no other. Fastify's own pair of lines per request is
 * off (app.ts). Routes registered before this plugin (the embedded payment emulator's) are left out:
 * the routes after it are marked in their config as they are registered.
 */
export const accessLogPlugin = fp(async (app: FastifyInstance, options: { access: Logger | undefined }) => {
  const { metrics } = app;
  const { access } = options;
  const aborted = new WeakSet<FastifyRequest>();
  /** Forgets a request that got its answer (set below when there is an access log). */
  let finished: (request: FastifyRequest) => void = () => {};
  if (access) {
    // The access lines follow the app's level as it changes. The app's logger is a pino child of
    // the one it was given (a request's own level is the request's).
    const appLog = app.log as unknown as Logger;
    access.level = appLog.level;
    appLog.on('level-change', (level, _value, _previous, _previousValue, changed) => {
      if (changed === appLog) access.level = level;
    });
  }
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, measured: true };
  });
  /** Whether a request is the product's: it matched a route registered after this plugin, or none. */
  const ours = (url: string | undefined, config: { measured?: boolean }) =>
    url === undefined || config.measured === true;
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const { url: route, config } = request.routeOptions;
    if (!ours(route, config)) return done();
    finished(request);
    const ms = reply.elapsedTime;
    metrics.httpRequest({
      method: request.method,
      route: route ?? 'unmatched',
      status: reply.statusCode,
      seconds: ms / 1000,
    });
    if (!aborted.has(request))
      access?.info(
        {
          reqId: idOf(request.id),
          method: request.method,
          url: redactUrl(request.originalUrl),
          route,
          statusCode: reply.statusCode,
          durationMs: Math.round(ms * 10) / 10,
        },
        'request',
      );
    done();
  });

  if (access) {
    // A client that went away mid-request: noticed by one listener per connection, not one per
    // request (Fastify's `onRequestAbort` adds a `close` listener to every request it serves).
    const inFlight = new WeakMap<Socket, Set<FastifyRequest>>();
    const abortedOn = (socket: Socket) => () => {
      for (const request of inFlight.get(socket) ?? []) {
        const { url: route } = request.routeOptions;
        aborted.add(request);
        access.info(
          {
            reqId: idOf(request.id),
            method: request.method,
            url: redactUrl(request.originalUrl),
            route,
            aborted: true,
          },
          'request',
        );
      }
      inFlight.delete(socket);
    };
    app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      const { url: route, config } = request.routeOptions;
      const { socket } = request.raw;
      if (ours(route, config) && socket) {
        let open = inFlight.get(socket);
        if (!open) {
          inFlight.set(socket, (open = new Set()));
          socket.once('close', abortedOn(socket));
        }
        open.add(request);
      }
      done();
    });
    finished = (request) => inFlight.get(request.raw.socket)?.delete(request);
  }
});
