import { baseApi } from '@/lib/store/base-api.ts';

/** DELETE /api/changelog/{id} (admins); answers the id it removed. */
export const deleteEntryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    deleteChangelogEntry: build.mutation<number, number>({
      query: (id) => ({ url: `api/changelog/${id}`, method: 'DELETE' }),
      transformResponse: (body: { id: number }) => body.id,
      invalidatesTags: ['Changelog'],
    }),
  }),
});
