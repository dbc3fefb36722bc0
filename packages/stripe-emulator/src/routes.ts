import { dashboardPages } from './pages/dashboard.ts';
import { assetPages } from './pages/assets.ts';
import { authenticatePages } from './pages/authenticate.ts';
import { checkoutPages } from './pages/checkout.ts';
import { documentPages } from './pages/documents.ts';
import { portalPages } from './pages/portal.ts';
import { chargeRoutes } from './resources/charges.ts';
import { checkoutRoutes } from './resources/checkout.ts';
import { couponRoutes } from './resources/coupons.ts';
import { disputeRoutes } from './resources/disputes.ts';
import { customerRoutes } from './resources/customers.ts';
import { eventRoutes } from './resources/events.ts';
import { invoiceItemRoutes } from './resources/invoice-items.ts';
import { invoiceRoutes } from './resources/invoices.ts';
import { paymentIntentRoutes } from './resources/payment-intents.ts';
import { paymentMethodRoutes } from './resources/payment-methods.ts';
import { portalRoutes } from './resources/portal.ts';
import { productRoutes } from './resources/products.ts';
import { refundRoutes } from './resources/refunds.ts';
import { scheduleRoutes } from './resources/schedules.ts';
import { setupIntentRoutes } from './resources/setup-intents.ts';
import { subscriptionRoutes } from './resources/subscriptions.ts';
import { webhookEndpointRoutes } from './resources/webhook-endpoints.ts';
import type { ApiRoute, PageRoute } from './router.ts';

export const apiRoutes: ApiRoute[] = [
  ...customerRoutes,
  ...paymentMethodRoutes,
  ...paymentIntentRoutes,
  ...chargeRoutes,
  ...refundRoutes,
  ...disputeRoutes,
  ...productRoutes,
  ...couponRoutes,
  ...invoiceRoutes,
  ...invoiceItemRoutes,
  ...subscriptionRoutes,
  ...scheduleRoutes,
  ...checkoutRoutes,
  ...portalRoutes,
  ...eventRoutes,
  ...setupIntentRoutes,
  ...webhookEndpointRoutes,
];

export const pageRoutes: PageRoute[] = [
  ...assetPages,
  ...authenticatePages,
  ...checkoutPages,
  ...portalPages,
  ...documentPages,
  ...dashboardPages,
];
