import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';

/** The moderators' pages (admins); composed under RequireUser by the router. */
export const moderationRoutes: RouteObject[] = [
  {
    path: paths.moderation.path,
    lazy: async () => ({ Component: (await import('./moderation-queue.tsx')).ModerationQueuePage }),
  },
  {
    path: paths.blocklist.path,
    lazy: async () => ({ Component: (await import('./blocklist.tsx')).BlocklistPage }),
  },
  {
    path: paths.audit.path,
    lazy: async () => ({ Component: (await import('./audit.tsx')).AuditPage }),
  },
];
