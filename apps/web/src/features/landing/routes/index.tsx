import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { LandingPage } from './landing.tsx';

export const landingRoutes: RouteObject[] = [
  { path: paths.home.path, element: <LandingPage /> },
  { path: paths.menu.path, element: <LandingPage /> },
];
