import type { ChangelogContent, ChangelogEntryWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** PUT /api/changelog/{id} {content: the entry fields without id} (admins). */
export const updateEntryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    updateChangelogEntry: build.mutation<ChangelogEntryWire, { id: number; content: ChangelogContent }>({
      query: ({ id, content }) => ({ url: `api/changelog/${id}`, method: 'PUT', body: { content } }),
      invalidatesTags: ['Changelog'],
    }),
  }),
});
