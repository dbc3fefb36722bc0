import type { RouteObject } from 'react-router';
import { NotFound } from '@/components/layout/route-error.tsx';
import { adminToolsRoutes } from '@/features/admin-tools/routes/index.tsx';
import { adminOverviewRoutes } from '@/features/admin-overview/routes/index.tsx';
import { dashboardRoutes } from '@/features/dashboard/routes/index.tsx';
import { changelogRoutes } from '@/features/changelog/routes/index.tsx';
import { landingRoutes } from '@/features/landing/routes/index.tsx';
import { guideRoutes } from '@/features/guides/routes/index.tsx';
import { legalRoutes } from '@/features/legal/routes/index.tsx';
import { purchaseRoutes } from '@/features/purchases/routes/index.tsx';
import { subscriptionStatusRoutes } from '@/features/subscription-status/routes/index.tsx';
import { paymentHistoryRoutes } from '@/features/payment-history/routes/index.tsx';
import { studioRoutes } from '@/features/studio/routes/index.tsx';
import { galleryRoutes } from '@/features/gallery/routes/index.tsx';
import { creditHistoryRoutes } from '@/features/credit-history/routes/index.tsx';
import { loraRoutes } from '@/features/loras/routes/index.tsx';
import { moderationRoutes } from '@/features/moderation/routes/index.tsx';
import { lazyPage } from '@/lib/lazy-page.tsx';

const RequireUser = lazyPage(() => import('@/features/auth/index.ts'), 'RequireUser');
const StoreBoundary = lazyPage(() => import('@/lib/store/provider.tsx'), 'StoreBoundary');

/**
 * Pages that use the Redux store (almost all but the landing page and static guides). Their route
 * list is composed here; each feature exports its own, with lazy pages.
 */
const storeRoutes: RouteObject[] = [
  {
    // Private pages: they redirect to /menu when the current-user fetch fails. Add yours here.
    element: <RequireUser />,
    children: [
      ...dashboardRoutes,
      ...adminToolsRoutes,
      ...adminOverviewRoutes,
      ...purchaseRoutes,
      ...subscriptionStatusRoutes,
      ...paymentHistoryRoutes,
      ...studioRoutes,
      ...creditHistoryRoutes,
      ...loraRoutes,
      ...moderationRoutes,
    ],
  },
  ...changelogRoutes,
];

/** Static pages that need no store. */
const staticRoutes: RouteObject[] = [...guideRoutes, ...legalRoutes, ...galleryRoutes];

/** The id of the layout route that gives its pages the store; pages under it are not prerendered. */
export const STORE_ROUTE_ID = 'store';

/** Every page of the app, rendered inside the page chrome by the App component (app.tsx). */
export const routes: RouteObject[] = [
  ...landingRoutes,
  ...staticRoutes,
  { id: STORE_ROUTE_ID, element: <StoreBoundary />, children: storeRoutes },
  { path: '*', element: <NotFound /> },
];
