import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';

/** Private pages of subscription management (composed under RequireUser by the router). */
export const subscriptionStatusRoutes: RouteObject[] = [
  {
    path: paths.subscriptionStatus.path,
    lazy: async () => ({ Component: (await import('./subscription-status.tsx')).SubscriptionStatusPage }),
  },
  {
    path: paths.subChangeLanding.path,
    lazy: async () => ({ Component: (await import('./sub-change-landing.tsx')).SubChangeLandingPage }),
  },
];
