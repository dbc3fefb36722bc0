import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { lazyPage } from '@/lib/lazy-page.tsx';

const SubscriptionStatusPage = lazyPage(() => import('./subscription-status.tsx'), 'SubscriptionStatusPage');
const SubChangeLandingPage = lazyPage(() => import('./sub-change-landing.tsx'), 'SubChangeLandingPage');

/** Private pages of subscription management (composed under RequireUser by the router). */
export const subscriptionStatusRoutes: RouteObject[] = [
  {
    path: paths.subscriptionStatus.path,
    element: <SubscriptionStatusPage />,
  },
  {
    path: paths.subChangeLanding.path,
    element: <SubChangeLandingPage />,
  },
];
