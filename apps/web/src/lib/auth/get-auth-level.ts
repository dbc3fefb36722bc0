import type { Role } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** The signed-in user's role (GET /api/auth/authlevel); null when signed out. */
export const authLevelApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAuthLevel: build.query<Role | null, void>({
      query: () => 'api/auth/authlevel',
      transformResponse: (body: { authLevel: Role | null }) => body.authLevel,
      providesTags: ['AuthLevel'],
    }),
  }),
});

export const { useGetAuthLevelQuery: useAuthLevelQuery } = authLevelApi;
