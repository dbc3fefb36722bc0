import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { lazyPage } from '@/lib/lazy-page.tsx';

const PaymentHistoryPage = lazyPage(() => import('./payment-history.tsx'), 'PaymentHistoryPage');

/** Private page of the payment history (composed under RequireUser by the router). */
export const paymentHistoryRoutes: RouteObject[] = [
  {
    path: paths.paymentHistory.path,
    element: <PaymentHistoryPage />,
  },
];
