import type { UserWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** The signed-in user (GET /api/auth/); fails with 401 when signed out. */
export const currentUserApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUser: build.query<UserWire, void>({
      query: () => ({ url: 'api/auth/', headers: { accept: 'application/json' } }),
      providesTags: ['CurrentUser'],
    }),
  }),
});

export const { useGetCurrentUserQuery: useCurrentUserQuery } = currentUserApi;
