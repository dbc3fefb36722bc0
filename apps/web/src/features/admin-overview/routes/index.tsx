import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { lazyPage } from '@/lib/lazy-page.tsx';

const OverviewPage = lazyPage(() => import('./overview.tsx'), 'OverviewPage');

/** The admin overview; composed under RequireUser by the router, its code (and the chart library) loaded on visit. */
export const adminOverviewRoutes: RouteObject[] = [
  {
    path: paths.adminOverview.path,
    element: <OverviewPage />,
  },
];
