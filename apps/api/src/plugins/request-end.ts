import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';
import { LazyChildLogger } from '../lib/logging.ts';
import { type RouteConfig, routeConfig } from '../lib/route-context.ts';
import { accessLog } from './access-log.ts';

/** When a request of ours began (performance.now()), on its request. */
const kStart = Symbol('request start');
/** The reply a response belongs to, on the response, for its end. */
const kReply = Symbol('reply');
type Timed = FastifyRequest & { [kStart]: number };
type Answered = ServerResponse & { [kReply]?: FastifyReply };

/** What the app does as each of its requests begins. */
type RequestStart = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * Fastify's log controller, told of every request as it begins: Fastify calls it whether or not it
 * has a logger. The plugin below starts each request of ours here, so that no hook of its own runs
 * on every request. Fastify's own per-request lines stay off.
 */
export class RequestEndController extends LogController {
  #start: RequestStart | undefined;

  constructor() {
    super({ disableRequestLogging: true });
  }

  /** Called once, by the plugin below. */
  use(start: RequestStart) {
    this.#start = start;
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply) {
    this.#start?.(request, reply);
  }
}

/** Marks the routes registered after this plugin: the product's own. */
const kMeasured = Symbol('measured route');

/**
 * What every finished request leaves behind: its latency in the metrics (by route pattern, so ids
 * never become series) and, with logging on, its access line; and, with logging on, every
 * request's logger (a child of the app's, made when something logs through it).
 *
 * Fastify is given no logger of its own. With one, it adds and removes two listeners on every
 * response, makes a logger per request and checks it, and keeps its times: together a fifth of a
 * short request's whole cost, for lines it does not write (its own pair per request is off). Here a
 * request of ours gets its logger, its start time and one listener for its response's end, shared
 * by all responses. Routes registered before this plugin (the embedded payment emulator's) are left
 * out, as are their requests; requests no route matched are counted as `unmatched`.
 */
export const requestEndPlugin = fp(
  async (app: FastifyInstance, options: { log: Logger | undefined; controller: RequestEndController }) => {
    const { metrics } = app;
    const { log } = options;
    const lines = log ? accessLog(app) : undefined;
    app.decorateRequest(kStart, 0);
    app.addHook('onRoute', (route) => {
      // A mark of ours beside the route's own config (Fastify copies it into the route's context).
      route.config = { ...route.config, [kMeasured]: true } as typeof route.config;
    });
    /** Whether a request is the product's: it matched a route of ours, or none. */
    const ours = (config: RouteConfig) => config.url === undefined || config[kMeasured] === true;

    function ended(this: Answered) {
      const reply = this[kReply];
      // Once: a response may say it finished more than once (the test injector's does).
      if (reply === undefined) return;
      this[kReply] = undefined;
      const { request } = reply;
      const route = routeConfig(request).url;
      const durationMs = performance.now() - (request as Timed)[kStart];
      metrics.httpRequest({
        method: request.method,
        route: route ?? 'unmatched',
        status: reply.statusCode,
        seconds: durationMs / 1000,
      });
      lines?.answered(request, reply, route, durationMs);
    }

    options.controller.use((request, reply) => {
      // Every request logs through the app's logger, the embedded emulator's included.
      if (log) {
        const requestLog = new LazyChildLogger(log, { reqId: request.id }, {});
        request.log = requestLog;
        reply.log = requestLog;
      }
      if (!ours(routeConfig(request))) return;
      (request as Timed)[kStart] = performance.now();
      lines?.started(request);
      const response = reply.raw as Answered;
      response[kReply] = reply;
      response.on('finish', ended);
    });
  },
);
