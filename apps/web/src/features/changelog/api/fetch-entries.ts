import type { ChangelogEntryWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** GET /api/changelog: every entry, newest first. */
export const fetchEntriesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    changelogEntries: build.query<ChangelogEntryWire[], void>({
      query: () => 'api/changelog',
      providesTags: ['Changelog'],
    }),
  }),
});
