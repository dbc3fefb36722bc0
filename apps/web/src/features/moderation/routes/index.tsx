import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { lazyPage } from '@/lib/lazy-page.tsx';

const ModerationQueuePage = lazyPage(() => import('./moderation-queue.tsx'), 'ModerationQueuePage');
const BlocklistPage = lazyPage(() => import('./blocklist.tsx'), 'BlocklistPage');
const AuditPage = lazyPage(() => import('./audit.tsx'), 'AuditPage');

/** The moderators' pages (admins); composed under RequireUser by the router. */
export const moderationRoutes: RouteObject[] = [
  {
    path: paths.moderation.path,
    element: <ModerationQueuePage />,
  },
  {
    path: paths.blocklist.path,
    element: <BlocklistPage />,
  },
  {
    path: paths.audit.path,
    element: <AuditPage />,
  },
];
