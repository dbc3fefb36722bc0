import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';

/** The hidden admin page; composed under RequireUser by the router. */
export const adminToolsRoutes: RouteObject[] = [
  {
    path: paths.adminTools.path,
    lazy: async () => ({ Component: (await import('./admin-tools.tsx')).AdminToolsPage }),
  },
];
