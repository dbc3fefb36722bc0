import path from 'node:path';
import { fileURLToPath } from 'node:url';
import formbody from '@fastify/formbody';
import Fastify, {
  LogController,
  type FastifyReply,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { enforceRouteAccess } from './lib/authorization.ts';
import type { AppContext } from './lib/context.ts';
import { catalogRoutes } from './plugins/catalog.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { inputPlugin } from './plugins/input.ts';
import { rateLimitsPlugin } from './plugins/rate-limits.ts';
import { securityPlugin } from './plugins/security.ts';
import { stripeEmulatorPlugin } from './plugins/stripe-emulator.ts';
import { sessionPlugin } from './plugins/session.ts';
import { webPlugin } from './plugins/web.ts';
import { authRoutes } from './routes/api/auth/index.ts';
import { billingPlugin } from './plugins/billing.ts';
import type { Billing } from './modules/billing/stripe-client.ts';
import { paymentCustomerRoutes } from './routes/api/payment/billing.ts';
import { paymentCheckoutRoutes } from './routes/api/payment/checkout.ts';
import { paymentConfigRoutes } from './routes/api/payment/config.ts';
import { paymentWebhookRoutes } from './routes/api/payment/webhook.ts';
import { paymentSubscriptionRoutes } from './routes/api/payment/subscriptions.ts';
import { paymentGiftRoutes } from './routes/api/payment/gifts.ts';
import { paymentHistoryRoutes } from './routes/api/payment/history.ts';
import { changelogRoutes } from './routes/api/changelog/index.ts';
import { configRoutes } from './routes/api/config/index.ts';
import { healthRoutes } from './routes/api/health.ts';
import { paymentAccountRoutes } from './routes/api/payment/account.ts';
import { userRoutes } from './routes/api/users/index.ts';
import { uploadRoutes } from './routes/uploads.ts';
import type { MediaStorage } from '@app/generation';
import { generationPlugin } from './plugins/generation.ts';
import { jobRoutes } from './routes/api/jobs/index.ts';
import { loraRoutes } from './routes/api/loras/index.ts';
import { generationUploadRoutes } from './routes/api/uploads.ts';
import { mediaRoutes } from './routes/media.ts';
import { creationPagePlugin } from './plugins/creation-page.ts';
import { creationRoutes } from './routes/api/creations/index.ts';
import { ledgerRoutes } from './routes/api/users/ledger.ts';
import { adminQueueRoutes } from './routes/api/admin/queue.ts';
import { adminAuditRoutes } from './routes/api/admin/audit.ts';
import { adminBlocklistRoutes } from './routes/api/admin/blocklist.ts';
import { adminModerationRoutes } from './routes/api/admin/moderation.ts';
import { userSettingsRoutes } from './routes/api/users/settings.ts';
import { adminOverviewRoutes } from './routes/api/admin/overview.ts';
import type { DiscordEmulator } from '@app/discord-emulator';
import { discordPlugin } from './plugins/discord.ts';
import { discordInteractionRoutes } from './routes/api/discord/interactions.ts';
import { metricsRoutes } from './routes/metrics.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import type { Metrics } from '@app/jobs';
import { undecodablePageUrl } from './lib/undecodable-page-url.ts';
import { apiLoggerOptions } from './lib/logging.ts';
import { accessLogPlugin } from './plugins/access-log.ts';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface BuildAppOptions extends AppContext {
  logger?: FastifyServerOptions['logger'];
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

/** Builds the whole API as one Fastify instance; tests call this and use app.inject. */
export async function buildApp(options: BuildAppOptions) {
  const app = Fastify({
    // Every line passes the redaction (lib/logging.ts); requests get one line of our own.
    logger: apiLoggerOptions(options.logger),
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 256 * 1024,
    trustProxy: options.settings.nodeEnv === 'production',
    routerOptions: { ignoreTrailingSlash: true },
    rewriteUrl: undecodablePageUrl,
    // The router's own refusals (a path that does not decode) in the one error shape too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      void reply
        .status(error.statusCode ?? 400)
        .send({ error: { code: error.code ?? 'BAD_REQUEST', message: error.message } });
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // A request still running when the server starts closing is answered with `Connection: close`:
  // otherwise its keep-alive connection, idle only after close began, holds the close open until
  // the client lets go of it (Node closes only the connections idle at that moment).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', { database: options.database, settings: options.settings } satisfies AppContext);

  await app.register(errorsPlugin);
  if (options.logger) await app.register(accessLogPlugin);
  // The embedded default's Stripe: the emulator answers under its prefix on our own port.
  if (options.billing?.mounted)
    await app.register(stripeEmulatorPlugin, { mounted: options.billing.mounted });
  // The catalog files are read on every visit and touch no database, so they live outside the
  // context below, whose hooks parse cookies and compute security headers on every request.
  await app.register(catalogRoutes);
  // Outside the context below so tests and the in-process worker reach the queue and storage.
  await app.register(generationPlugin, { storage: options.mediaStorage });
  await app.register(discordPlugin, { emulator: options.discordEmulator, ...options.discord });
  await app.register(metricsPlugin, { metrics: options.metrics });

  await app.register(async (app) => {
    await app.register(docsPlugin);
    await app.register(securityPlugin, {
      paymentOrigins: options.paymentOrigins ?? options.billing?.paymentOrigins ?? [],
      publicUrl: options.settings.publicUrl,
      crossSiteAllowed: ['/api/payment/webhook', '/api/discord/interactions'],
    });
    await app.register(formbody);
    await app.register(inputPlugin);
    await app.register(sessionPlugin, {
      database: options.database,
      secureCookies: options.settings.secureCookies,
      cacheMs: options.settings.sessionCacheMs,
    });
    await app.register(rateLimitsPlugin);
    enforceRouteAccess(app, {
      adminPassword: options.settings.adminPassword,
      metricsToken: options.settings.metrics.token,
    });

    await app.register(healthRoutes, { prefix: '/api' });
    await app.register(authRoutes, { prefix: '/api/auth' });
    await app.register(billingPlugin, { billing: options.billing });
    await app.register(paymentConfigRoutes, { prefix: '/api/payment' });
    await app.register(paymentCustomerRoutes, { prefix: '/api/payment' });
    await app.register(paymentCheckoutRoutes, { prefix: '/api/payment' });
    await app.register(paymentWebhookRoutes, { prefix: '/api/payment' });
    await app.register(paymentSubscriptionRoutes, { prefix: '/api/payment' });
    await app.register(paymentGiftRoutes, { prefix: '/api/payment' });
    await app.register(paymentHistoryRoutes, { prefix: '/api/payment' });
    await app.register(configRoutes, {
      prefix: '/api/config',
      discordChannelUrl: options.discordEmulator ? `${options.discordEmulator.prefix}/app` : null,
    });
    await app.register(userRoutes, { prefix: '/api/users' });
    await app.register(paymentAccountRoutes, { prefix: '/api/payment' });
    await app.register(changelogRoutes, { prefix: '/api/changelog' });
    await app.register(uploadRoutes);
    await app.register(jobRoutes, { prefix: '/api/jobs' });
    await app.register(loraRoutes, { prefix: '/api/loras' });
    await app.register(generationUploadRoutes, { prefix: '/api/uploads' });
    await app.register(mediaRoutes);
    await app.register(creationRoutes, { prefix: '/api/creations' });
    await app.register(ledgerRoutes, { prefix: '/api/users' });
    await app.register(adminQueueRoutes, { prefix: '/api/admin' });
    await app.register(adminModerationRoutes, { prefix: '/api/admin' });
    await app.register(adminBlocklistRoutes, { prefix: '/api/admin' });
    await app.register(adminAuditRoutes, { prefix: '/api/admin' });
    await app.register(userSettingsRoutes, { prefix: '/api/users' });
    await app.register(adminOverviewRoutes, { prefix: '/api/admin/overview' });
    await app.register(discordInteractionRoutes, {
      prefix: '/api/discord',
      deferAfterMs: options.discord?.deferAfterMs,
    });
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
    await app.register(metricsRoutes);

    const distDir = options.webDistDir ?? path.resolve(DEFAULT_WEB_DIST);
    await app.register(creationPagePlugin, { distDir });
    await app.register(webPlugin, { distDir });
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
