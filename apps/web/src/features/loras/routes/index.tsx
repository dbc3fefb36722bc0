import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';

/** Private page of LoRA models (composed under RequireUser by the router). */
export const loraRoutes: RouteObject[] = [
  {
    path: paths.loras.path,
    lazy: async () => ({ Component: (await import('./loras.tsx')).LorasPage }),
  },
];
