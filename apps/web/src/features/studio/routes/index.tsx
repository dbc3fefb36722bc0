import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';

/** Private pages of the studio (composed under RequireUser by the router); lazy, as few visitors need them. */
export const studioRoutes: RouteObject[] = [
  {
    path: paths.studio.path,
    lazy: async () => ({ Component: (await import('./studio.tsx')).StudioPage }),
  },
  {
    path: paths.myCreations.path,
    lazy: async () => ({ Component: (await import('./my-creations.tsx')).MyCreationsPage }),
  },
];
