import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { lazyPage } from '@/lib/lazy-page.tsx';

const CreditHistoryPage = lazyPage(() => import('./credit-history.tsx'), 'CreditHistoryPage');

/** Private page of the credit history (composed under RequireUser by the router). */
export const creditHistoryRoutes: RouteObject[] = [
  {
    path: paths.creditHistory.path,
    element: <CreditHistoryPage />,
  },
];
