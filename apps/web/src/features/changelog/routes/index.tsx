import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { lazyPage } from '@/lib/lazy-page.tsx';

const ChangelogListPage = lazyPage(() => import('./changelog-list.tsx'), 'ChangelogListPage');
const EditChangelogEntryPage = lazyPage(() => import('./changelog-editor.tsx'), 'EditChangelogEntryPage');
const ChangelogDetailPage = lazyPage(() => import('./changelog-detail.tsx'), 'ChangelogDetailPage');
const AddChangelogEntryPage = lazyPage(() => import('./changelog-editor.tsx'), 'AddChangelogEntryPage');

/** The changelog pages; they use the store. The editor pages carry Quill in their own chunk. */
export const changelogRoutes: RouteObject[] = [
  {
    path: paths.changelog.path,
    element: <ChangelogListPage />,
  },
  {
    path: paths.changelogEdit.path,
    element: <EditChangelogEntryPage />,
  },
  {
    path: paths.changelogDetail.path,
    element: <ChangelogDetailPage />,
  },
  {
    path: paths.addChangelogEntry.path,
    element: <AddChangelogEntryPage />,
  },
];
