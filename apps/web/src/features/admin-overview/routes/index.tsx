import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';

/** The admin overview; composed under RequireUser by the router, its code (and the chart library) loaded on visit. */
export const adminOverviewRoutes: RouteObject[] = [
  {
    path: paths.adminOverview.path,
    lazy: async () => ({ Component: (await import('./overview.tsx')).OverviewPage }),
  },
];
