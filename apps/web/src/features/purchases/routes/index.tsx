import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { lazyPage } from '@/lib/lazy-page.tsx';

const TierChoicePage = lazyPage(() => import('./tier-choice.tsx'), 'TierChoicePage');
const CreditsPage = lazyPage(() => import('./credits.tsx'), 'CreditsPage');
const CheckoutPage = lazyPage(() => import('./checkout.tsx'), 'CheckoutPage');
const SuccessPage = lazyPage(() => import('./success.tsx'), 'SuccessPage');
const PayInvoicePage = lazyPage(() => import('./pay-invoice.tsx'), 'PayInvoicePage');
const AutoTopUpPage = lazyPage(() => import('./auto-top-up.tsx'), 'AutoTopUpPage');

/** Private pages of the purchases feature (composed under RequireUser by the router). */
export const purchaseRoutes: RouteObject[] = [
  {
    path: paths.pay.path,
    element: <TierChoicePage />,
  },
  {
    path: paths.subscription.path,
    element: <TierChoicePage />,
  },
  {
    path: paths.credits.path,
    element: <CreditsPage />,
  },
  {
    path: paths.checkout.path,
    element: <CheckoutPage />,
  },
  {
    path: paths.success.path,
    element: <SuccessPage />,
  },
  {
    path: paths.payInvoice.path,
    element: <PayInvoicePage />,
  },
  {
    path: paths.autoTopUp.path,
    element: <AutoTopUpPage />,
  },
];
