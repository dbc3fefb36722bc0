import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';

/** Private pages of the dashboard feature (composed under RequireUser by the router). */
export const dashboardRoutes: RouteObject[] = [
  {
    path: paths.dashboard.path,
    lazy: async () => ({ Component: (await import('./dashboard.tsx')).DashboardPage }),
  },
];
