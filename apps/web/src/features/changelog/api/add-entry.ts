import type { ChangelogContent, ChangelogEntryWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** POST /api/changelog {content} (admins). */
export const addEntryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    addChangelogEntry: build.mutation<ChangelogEntryWire, ChangelogContent>({
      query: (content) => ({ url: 'api/changelog', method: 'POST', body: { content } }),
      invalidatesTags: ['Changelog'],
    }),
  }),
});
