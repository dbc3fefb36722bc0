import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { lazyPage } from '@/lib/lazy-page.tsx';

const StudioPage = lazyPage(() => import('./studio.tsx'), 'StudioPage');
const MyCreationsPage = lazyPage(() => import('./my-creations.tsx'), 'MyCreationsPage');

/** Private pages of the studio (composed under RequireUser by the router); lazy, as few visitors need them. */
export const studioRoutes: RouteObject[] = [
  {
    path: paths.studio.path,
    element: <StudioPage />,
  },
  {
    path: paths.myCreations.path,
    element: <MyCreationsPage />,
  },
];
