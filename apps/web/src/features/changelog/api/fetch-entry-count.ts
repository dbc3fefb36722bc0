import { baseApi } from '@/lib/store/base-api.ts';

/** GET /api/changelog/entrycount. */
export const fetchEntryCountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    changelogEntryCount: build.query<number, void>({
      query: () => 'api/changelog/entrycount',
      transformResponse: (body: { count: number }) => body.count,
      providesTags: ['Changelog'],
    }),
  }),
});
