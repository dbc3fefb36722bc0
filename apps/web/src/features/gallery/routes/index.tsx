import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';

/**
 * Public pages of the gallery. They need no store, so the gallery is prerendered (its shell and
 * loading state; the creations arrive from the API).
 */
export const galleryRoutes: RouteObject[] = [
  {
    path: paths.gallery.path,
    lazy: async () => ({ Component: (await import('./gallery.tsx')).GalleryPage }),
  },
  {
    path: paths.creation.path,
    lazy: async () => ({ Component: (await import('./creation.tsx')).CreationPage }),
  },
];
