import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import fp from 'fastify-plugin';
import { type RouteConfig, routeConfig } from '../lib/route-context.ts';
import { accessLog } from './access-log.ts';

/** What the app does as each of its requests begins and once it is answered. */
interface RequestEnd {
  started(request: FastifyRequest): void;
  ended(request: FastifyRequest, reply: FastifyReply): void;
}

/**
 * Fastify's log controller, told of every request as it begins and once its answer is finished
 * (after the onResponse hooks, where Fastify would write its own "request completed" line, which
 * stays off with its other per-request lines). The plugin below does each request's end work
 * here: a hook Fastify runs on every request (one to note the request's start, one for its end)
 * costs a share of a short one.
 */
export class RequestEndController extends LogController {
  #end: RequestEnd | undefined;

  constructor() {
    super({ disableRequestLogging: true });
  }

  /** Called once, by the plugin below. */
  use(end: RequestEnd) {
    this.#end = end;
  }

  override incomingRequest(request: FastifyRequest) {
    this.#end?.started(request);
  }

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    this.#end?.ended(request, reply);
  }
}

/** Marks the routes registered after this plugin: the product's own. */
const kMeasured = Symbol('measured route');

/**
 * What every finished request leaves behind: its latency in the metrics (by route pattern, so ids
 * never become series) and, with logging on, its access line. Routes registered before this plugin
 * (the embedded payment emulator's) are left out, as are their requests; requests no route
 * matched are counted as `unmatched`.
 */
export const requestEndPlugin = fp(
  async (app: FastifyInstance, options: { accessLog: boolean; controller: RequestEndController }) => {
    const { metrics } = app;
    const lines = options.accessLog ? accessLog(app) : undefined;
    app.addHook('onRoute', (route) => {
      // A mark of ours beside the route's own config (Fastify copies it into the route's context).
      route.config = { ...route.config, [kMeasured]: true } as typeof route.config;
    });
    /** Whether a request is the product's: it matched a route of ours, or none. */
    const ours = (config: RouteConfig) => config.url === undefined || config[kMeasured] === true;
    const ended = (request: FastifyRequest, reply: FastifyReply) => {
      const config = routeConfig(request);
      if (!ours(config)) return;
      const route = config.url;
      metrics.httpRequest({
        method: request.method,
        route: route ?? 'unmatched',
        status: reply.statusCode,
        seconds: reply.elapsedTime / 1000,
      });
      lines?.answered(request, reply, route);
    };
    // Fastify tells its log controller of a request's end only when it has a logger: without one
    // (tests, mostly), the metrics take an onResponse hook.
    if (lines)
      options.controller.use({
        started(request) {
          if (ours(routeConfig(request))) lines.started(request);
        },
        ended,
      });
    else
      app.addHook('onResponse', (request, reply, done) => {
        ended(request, reply);
        done();
      });
  },
);
