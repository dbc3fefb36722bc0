import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { lazyPage } from '@/lib/lazy-page.tsx';

const DashboardPage = lazyPage(() => import('./dashboard.tsx'), 'DashboardPage');

/** Private pages of the dashboard feature (composed under RequireUser by the router). */
export const dashboardRoutes: RouteObject[] = [
  {
    path: paths.dashboard.path,
    element: <DashboardPage />,
  },
];
