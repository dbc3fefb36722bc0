import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';

/** Private page of the payment history (composed under RequireUser by the router). */
export const paymentHistoryRoutes: RouteObject[] = [
  {
    path: paths.paymentHistory.path,
    lazy: async () => ({ Component: (await import('./payment-history.tsx')).PaymentHistoryPage }),
  },
];
