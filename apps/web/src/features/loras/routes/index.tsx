import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { lazyPage } from '@/lib/lazy-page.tsx';

const LorasPage = lazyPage(() => import('./loras.tsx'), 'LorasPage');

/** Private page of LoRA models (composed under RequireUser by the router). */
export const loraRoutes: RouteObject[] = [
  {
    path: paths.loras.path,
    element: <LorasPage />,
  },
];
