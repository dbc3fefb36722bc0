import path from 'node:path';
import { fileURLToPath } from 'node:url';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { enforceRouteAccess } from './lib/authorization.ts';
import type { AppContext } from './lib/context.ts';
import { catalogRoutes } from './plugins/catalog.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';
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
import { metricsRoutes } from './routes/metrics.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import type { Metrics } from '@app/jobs';
import { undecodablePageUrl } from './lib/undecodable-page-url.ts';

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
  /** Shared with an in-process worker so its job metrics appear on this process's /metrics. */
  metrics?: Metrics;
  /** Sees every route as it is registered (the authorization test walks them all). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole API as one Fastify instance; tests call this and use app.inject. */
export async function buildApp(options: BuildAppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 256 * 1024,
    trustProxy: options.settings.nodeEnv === 'production',
    routerOptions: { ignoreTrailingSlash: true },
    rewriteUrl: undecodablePageUrl,
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', { database: options.database, settings: options.settings } satisfies AppContext);

  await app.register(errorsPlugin);
  // The catalog files are read on every visit and touch no database, so they live outside the
  // context below, whose hooks parse cookies and compute security headers on every request.
  await app.register(catalogRoutes);
  // Outside the context below so tests and the in-process worker reach the queue and storage.
  await app.register(generationPlugin, { storage: options.mediaStorage });
  await app.register(metricsPlugin, { metrics: options.metrics });

  await app.register(async (app) => {
    await app.register(docsPlugin);
    await app.register(securityPlugin, {
      paymentOrigins: options.paymentOrigins ?? options.billing?.paymentOrigins ?? [],
      publicUrl: options.settings.publicUrl,
      crossSiteAllowed: ['/api/payment/webhook'],
    });
    await app.register(formbody);
    await app.register(sessionPlugin, {
      db: options.database.db,
      secureCookies: options.settings.secureCookies,
    });
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
    await app.register(configRoutes, { prefix: '/api/config' });
    await app.register(userRoutes, { prefix: '/api/users' });
    await app.register(paymentAccountRoutes, { prefix: '/api/payment' });
    await app.register(changelogRoutes, { prefix: '/api/changelog' });
    await app.register(uploadRoutes);
    await app.register(jobRoutes, { prefix: '/api/jobs' });
    await app.register(loraRoutes, { prefix: '/api/loras' });
    await app.register(generationUploadRoutes, { prefix: '/api/uploads' });
    await app.register(mediaRoutes);
    await app.register(metricsRoutes);

    await app.register(webPlugin, { distDir: options.webDistDir ?? path.resolve(DEFAULT_WEB_DIST) });
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
