import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { lazyPage } from '@/lib/lazy-page.tsx';

const GalleryPage = lazyPage(() => import('./gallery.tsx'), 'GalleryPage');
const CreationPage = lazyPage(() => import('./creation.tsx'), 'CreationPage');

/**
 * Public pages of the gallery. They need no store, so the gallery is prerendered (its shell and
 * loading state; the creations arrive from the API).
 */
export const galleryRoutes: RouteObject[] = [
  {
    path: paths.gallery.path,
    element: <GalleryPage />,
  },
  {
    path: paths.creation.path,
    element: <CreationPage />,
  },
];
