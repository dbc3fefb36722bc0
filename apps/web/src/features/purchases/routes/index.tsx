import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';

/** Private pages of the purchases feature (composed under RequireUser by the router). */
export const purchaseRoutes: RouteObject[] = [
  {
    path: paths.pay.path,
    lazy: async () => ({ Component: (await import('./tier-choice.tsx')).TierChoicePage }),
  },
  {
    path: paths.subscription.path,
    lazy: async () => ({ Component: (await import('./tier-choice.tsx')).TierChoicePage }),
  },
  {
    path: paths.credits.path,
    lazy: async () => ({ Component: (await import('./credits.tsx')).CreditsPage }),
  },
  {
    path: paths.checkout.path,
    lazy: async () => ({ Component: (await import('./checkout.tsx')).CheckoutPage }),
  },
  {
    path: paths.success.path,
    lazy: async () => ({ Component: (await import('./success.tsx')).SuccessPage }),
  },
];
