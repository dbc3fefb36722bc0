import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';

/** The changelog pages; they use the store. The editor pages carry Quill in their own chunk. */
export const changelogRoutes: RouteObject[] = [
  {
    path: paths.changelog.path,
    lazy: async () => ({ Component: (await import('./changelog-list.tsx')).ChangelogListPage }),
  },
  {
    path: paths.changelogEdit.path,
    lazy: async () => ({ Component: (await import('./changelog-editor.tsx')).EditChangelogEntryPage }),
  },
  {
    path: paths.changelogDetail.path,
    lazy: async () => ({ Component: (await import('./changelog-detail.tsx')).ChangelogDetailPage }),
  },
  {
    path: paths.addChangelogEntry.path,
    lazy: async () => ({ Component: (await import('./changelog-editor.tsx')).AddChangelogEntryPage }),
  },
];
