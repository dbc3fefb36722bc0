// Written by `npm run routes:index` from the files in this folder; do not edit by hand.
// The folder of a route module is its URL prefix.
import type { RouteModule } from '../lib/route-module.ts';
import { adminAuditRoutes } from './api/admin/audit.ts';
import { adminBlocklistRoutes } from './api/admin/blocklist.ts';
import { adminModerationRoutes } from './api/admin/moderation.ts';
import { adminOverviewRoutes } from './api/admin/overview/index.ts';
import { adminPaymentRoutes } from './api/admin/payments.ts';
import { adminQueueRoutes } from './api/admin/queue.ts';
import { authRoutes } from './api/auth/index.ts';
import { changelogRoutes } from './api/changelog/index.ts';
import { configRoutes } from './api/config/index.ts';
import { creationRoutes } from './api/creations/index.ts';
import { discordEventRoutes } from './api/discord/events.ts';
import { discordInteractionRoutes } from './api/discord/interactions.ts';
import { apiDocsRoutes } from './api/docs.ts';
import { healthRoutes } from './api/health.ts';
import { jobRoutes } from './api/jobs/index.ts';
import { loraRoutes } from './api/loras/index.ts';
import { paymentAccountRoutes } from './api/payment/account.ts';
import { paymentAutoTopUpRoutes } from './api/payment/auto-top-up.ts';
import { paymentCustomerRoutes } from './api/payment/billing.ts';
import { paymentCheckoutRoutes } from './api/payment/checkout.ts';
import { paymentConfigRoutes } from './api/payment/config.ts';
import { paymentGiftRoutes } from './api/payment/gifts.ts';
import { paymentHistoryRoutes } from './api/payment/history.ts';
import { paymentSubscriptionRoutes } from './api/payment/subscriptions.ts';
import { paymentWebhookRoutes } from './api/payment/webhook.ts';
import { refusalRoutes } from './api/refusals/index.ts';
import { generationUploadRoutes } from './api/uploads/index.ts';
import { accountStateRoutes } from './api/users/account-state.ts';
import { userRoutes } from './api/users/accounts.ts';
import { ledgerRoutes } from './api/users/ledger.ts';
import { userSettingsRoutes } from './api/users/settings.ts';
import { catalogRoutes } from './catalog.ts';
import { creationPageRoutes } from './creation-page.ts';
import { faviconRoutes } from './favicon.ts';
import { mediaRoutes } from './media.ts';
import { metricsRoutes } from './metrics.ts';
import { uploadRoutes } from './uploads.ts';

/** Every route module, in file order, with the prefix its folder gives it. */
export const ROUTE_MODULES: readonly RouteModule[] = [
  { file: 'api/admin/audit.ts', prefix: '/api/admin', plugin: adminAuditRoutes },
  { file: 'api/admin/blocklist.ts', prefix: '/api/admin', plugin: adminBlocklistRoutes },
  { file: 'api/admin/moderation.ts', prefix: '/api/admin', plugin: adminModerationRoutes },
  { file: 'api/admin/overview/index.ts', prefix: '/api/admin/overview', plugin: adminOverviewRoutes },
  { file: 'api/admin/payments.ts', prefix: '/api/admin', plugin: adminPaymentRoutes },
  { file: 'api/admin/queue.ts', prefix: '/api/admin', plugin: adminQueueRoutes },
  { file: 'api/auth/index.ts', prefix: '/api/auth', plugin: authRoutes },
  { file: 'api/changelog/index.ts', prefix: '/api/changelog', plugin: changelogRoutes },
  { file: 'api/config/index.ts', prefix: '/api/config', plugin: configRoutes },
  { file: 'api/creations/index.ts', prefix: '/api/creations', plugin: creationRoutes },
  { file: 'api/discord/events.ts', prefix: '/api/discord', plugin: discordEventRoutes },
  { file: 'api/discord/interactions.ts', prefix: '/api/discord', plugin: discordInteractionRoutes },
  { file: 'api/docs.ts', prefix: '/api', plugin: apiDocsRoutes },
  { file: 'api/health.ts', prefix: '/api', plugin: healthRoutes },
  { file: 'api/jobs/index.ts', prefix: '/api/jobs', plugin: jobRoutes },
  { file: 'api/loras/index.ts', prefix: '/api/loras', plugin: loraRoutes },
  { file: 'api/payment/account.ts', prefix: '/api/payment', plugin: paymentAccountRoutes },
  { file: 'api/payment/auto-top-up.ts', prefix: '/api/payment', plugin: paymentAutoTopUpRoutes },
  { file: 'api/payment/billing.ts', prefix: '/api/payment', plugin: paymentCustomerRoutes },
  { file: 'api/payment/checkout.ts', prefix: '/api/payment', plugin: paymentCheckoutRoutes },
  { file: 'api/payment/config.ts', prefix: '/api/payment', plugin: paymentConfigRoutes },
  { file: 'api/payment/gifts.ts', prefix: '/api/payment', plugin: paymentGiftRoutes },
  { file: 'api/payment/history.ts', prefix: '/api/payment', plugin: paymentHistoryRoutes },
  { file: 'api/payment/subscriptions.ts', prefix: '/api/payment', plugin: paymentSubscriptionRoutes },
  { file: 'api/payment/webhook.ts', prefix: '/api/payment', plugin: paymentWebhookRoutes },
  { file: 'api/refusals/index.ts', prefix: '/api/refusals', plugin: refusalRoutes },
  { file: 'api/uploads/index.ts', prefix: '/api/uploads', plugin: generationUploadRoutes },
  { file: 'api/users/account-state.ts', prefix: '/api/users', plugin: accountStateRoutes },
  { file: 'api/users/accounts.ts', prefix: '/api/users', plugin: userRoutes },
  { file: 'api/users/ledger.ts', prefix: '/api/users', plugin: ledgerRoutes },
  { file: 'api/users/settings.ts', prefix: '/api/users', plugin: userSettingsRoutes },
  { file: 'catalog.ts', prefix: '', plugin: catalogRoutes },
  { file: 'creation-page.ts', prefix: '', plugin: creationPageRoutes },
  { file: 'favicon.ts', prefix: '', plugin: faviconRoutes },
  { file: 'media.ts', prefix: '', plugin: mediaRoutes },
  { file: 'metrics.ts', prefix: '', plugin: metricsRoutes },
  { file: 'uploads.ts', prefix: '', plugin: uploadRoutes },
];
