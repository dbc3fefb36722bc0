import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { lazyPage } from '@/lib/lazy-page.tsx';

const TermsOfServicePage = lazyPage(() => import('./terms-of-service.tsx'), 'TermsOfServicePage');
const PrivacyPolicyPage = lazyPage(() => import('./privacy-policy.tsx'), 'PrivacyPolicyPage');

/** The terms and the privacy policy: static pages that need no store. */
export const legalRoutes: RouteObject[] = [
  {
    path: paths.termsOfService.path,
    element: <TermsOfServicePage />,
  },
  {
    path: paths.privacyPolicy.path,
    element: <PrivacyPolicyPage />,
  },
];
