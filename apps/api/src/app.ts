import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import formbody from '@fastify/formbody';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  LogController,
  type RouteOptions,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { enforceRouteAccess } from './lib/authorization.ts';
import type { AppContext } from './lib/context.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { oneAddressPlugin } from './plugins/one-address.ts';
import { inputPlugin } from './plugins/input.ts';
import { rateLimitsPlugin } from './plugins/rate-limits.ts';
import { securityPlugin } from './plugins/security.ts';
import { stripeEmulatorPlugin } from './plugins/stripe-emulator.ts';
import { sessionPlugin } from './plugins/session.ts';
import { blocklistMemoryPlugin } from './plugins/blocklist-memory.ts';
import { webPlugin } from './plugins/web.ts';
import { ROUTE_MODULES } from './routes/index.ts';
import { billingPlugin } from './plugins/billing.ts';
import type { Billing } from './modules/billing/stripe-client.ts';
import type { MediaStorage } from '@app/generation';
import { generationPlugin } from './plugins/generation.ts';
// A bare import too: the declarations then carry the `app.generation` decoration to workspaces that build an app.
import './plugins/generation.ts';
import type { DiscordEmulator } from '@app/discord-emulator';
import { discordPlugin } from './plugins/discord.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import type { Metrics } from '@app/jobs';
import { undecodablePageUrl } from './lib/undecodable-page-url.ts';
import { type ApiLogSetting, apiLogging } from './lib/logging.ts';
import { lazyChildLoggers } from './lib/lazy-child-logger.ts';
import { serializerCompiler } from './lib/serializer.ts';
import { accessLogPlugin } from './plugins/access-log.ts';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface BuildAppOptions extends AppContext {
  /** How the API logs (pino's options, with a stream); off when absent. */
  logger?: ApiLogSetting;
  webDistDir?: string;
  /** Origins of the payment provider the browser talks to (script, frames, API). */
  paymentOrigins?: string[];
  /** The payment provider (Stripe or the emulator); without it payment calls answer 503. */
  billing?: Billing;
  /** Where generated media and job uploads live; the folder under DATA_DIR/media by default. */
  mediaStorage?: MediaStorage;
  /** The embedded default's Discord: mounted under its prefix, it stands in for Discord's API. */
  discordEmulator?: DiscordEmulator;
  /** Bot tuning for tests: the result sweep interval and when an interaction is deferred. */
  discord?: { sweepMs?: number; deferAfterMs?: number; deliver?: boolean; answerRefreshMs?: number };
  /** Shared with an in-process worker so its job metrics appear on this process's /metrics. */
  metrics?: Metrics;
  /** Sees every route as it is registered (the authorization test walks them all). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * A request still running when the server starts closing is answered with `Connection: close`:
 * otherwise its keep-alive connection, idle only after close began, holds the close open until the
 * client lets go of it (Node closes only the connections idle at that moment). Requests that
 * arrive once closing began get the header from Fastify. Each connection's latest answer is kept
 * as the server's `request` event hands it over (a weak map: nothing is held past its connection);
 * as closing begins, each one whose head is not written yet gets the header.
 */
function answerRunningWithClose(server: Server, app: Pick<FastifyInstance, 'addHook'>) {
  const connections = new Set<Socket>();
  const answers = new WeakMap<Socket, ServerResponse>();
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (request: { socket: Socket }, response: ServerResponse) => {
    answers.set(request.socket, response);
  });
  app.addHook('preClose', (done) => {
    for (const socket of connections) {
      const running = answers.get(socket);
      if (running && !running.headersSent) running.setHeader('connection', 'close');
    }
    done();
  });
}

/** Builds the whole API as one Fastify instance; tests call this and use app.inject. */
export async function buildApp(options: BuildAppOptions) {
  // Every line passes the redaction (lib/logging.ts); requests get one line of our own
  // (plugins/access-log.ts) instead of Fastify's pair.
  const logging = apiLogging(options.logger);
  // Typed as Fastify's base logger, so the app's type does not carry pino's.
  const log: FastifyBaseLogger | undefined = logging?.log;
  const app = Fastify({
    ...(log ? { loggerInstance: log, childLoggerFactory: lazyChildLoggers } : { logger: false }),
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 256 * 1024,
    trustProxy: options.settings.nodeEnv === 'production',
    routerOptions: { ignoreTrailingSlash: true },
    rewriteUrl: undecodablePageUrl,
    // The router's own refusals (a path that does not decode) in the one error shape too.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      // Below an emulator's prefix they come in the shapes of the API it stands in for.
      const path = request.url.split('?')[0]!;
      const emulator = [options.discordEmulator, options.billing?.mounted].find(
        (mounted) => mounted && (path === mounted.prefix || path.startsWith(`${mounted.prefix}/`)),
      );
      if (emulator) return emulator.frameworkErrors(error, request, reply);
      void reply
        .status(error.statusCode ?? 400)
        .send({ error: { code: error.code ?? 'BAD_REQUEST', message: error.message } });
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  answerRunningWithClose(app.server, app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', { database: options.database, settings: options.settings } satisfies AppContext);

  await app.register(errorsPlugin);
  await app.register(oneAddressPlugin);
  // The embedded default's Stripe: the emulator answers under its prefix on our own port, in a
  // context of its own (its parsers, errors and 404s), registered before our hooks and access log.
  if (options.billing?.mounted)
    await app.register(stripeEmulatorPlugin, { mounted: options.billing.mounted });
  // Outside the context below so tests and the in-process worker reach the queue and storage.
  await app.register(generationPlugin, { storage: options.mediaStorage });
  await app.register(discordPlugin, { emulator: options.discordEmulator, ...options.discord });
  await app.register(metricsPlugin, { metrics: options.metrics });
  await app.register(accessLogPlugin, { access: logging?.access });

  await app.register(async (app) => {
    await app.register(docsPlugin);
    await app.register(securityPlugin, {
      paymentOrigins: options.paymentOrigins ?? options.billing?.paymentOrigins ?? [],
      publicUrl: options.settings.publicUrl,
      crossSiteAllowed: ['/api/payment/webhook', '/api/discord/interactions'],
    });
    await app.register(formbody);
    await app.register(sessionPlugin, {
      database: options.database,
      secureCookies: options.settings.secureCookies,
      cacheMs: options.settings.sessionCacheMs,
    });
    await app.register(blocklistMemoryPlugin, {
      database: options.database,
      enabled: options.settings.sessionCacheMs > 0,
    });
    await app.register(rateLimitsPlugin);
    enforceRouteAccess(app, {
      adminPassword: options.settings.adminPassword,
      metricsToken: options.settings.metrics.token,
    });
    // After the guards and rate limits: a route's input check comes after their hooks.
    await app.register(inputPlugin);

    await app.register(billingPlugin, { billing: options.billing });

    // Every module under routes/, at the prefix its folder gives it (routes/index.ts lists them).
    const distDir = options.webDistDir ?? path.resolve(DEFAULT_WEB_DIST);
    const routeOptions = {
      discordChannelUrl: options.discordEmulator ? `${options.discordEmulator.prefix}/app` : null,
      deferAfterMs: options.discord?.deferAfterMs,
      distDir,
    };
    for (const { prefix, plugin } of ROUTE_MODULES) await app.register(plugin, { ...routeOptions, prefix });
    if (options.discordEmulator) {
      const emulator = options.discordEmulator;
      await app.register(async (scope) => {
        // Discord's stand-in authenticates by its own tokens and signatures, not our session.
        scope.addHook('onRoute', (route) => {
          route.config = { ...route.config, access: 'public' };
        });
        await scope.register(emulator.fastifyPlugin, { prefix: emulator.prefix });
      });
    }
    await app.register(webPlugin, { distDir });
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
