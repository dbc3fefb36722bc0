import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';

/** Private page of the credit history (composed under RequireUser by the router). */
export const creditHistoryRoutes: RouteObject[] = [
  {
    path: paths.creditHistory.path,
    lazy: async () => ({ Component: (await import('./credit-history.tsx')).CreditHistoryPage }),
  },
];
