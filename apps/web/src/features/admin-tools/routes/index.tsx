import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { lazyPage } from '@/lib/lazy-page.tsx';

const AdminToolsPage = lazyPage(() => import('./admin-tools.tsx'), 'AdminToolsPage');

/** The hidden admin page; composed under RequireUser by the router. */
export const adminToolsRoutes: RouteObject[] = [
  {
    path: paths.adminTools.path,
    element: <AdminToolsPage />,
  },
];
