import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';

/** The terms and the privacy policy: static pages that need no store. */
export const legalRoutes: RouteObject[] = [
  {
    path: paths.termsOfService.path,
    lazy: async () => ({ Component: (await import('./terms-of-service.tsx')).TermsOfServicePage }),
  },
  {
    path: paths.privacyPolicy.path,
    lazy: async () => ({ Component: (await import('./privacy-policy.tsx')).PrivacyPolicyPage }),
  },
];
