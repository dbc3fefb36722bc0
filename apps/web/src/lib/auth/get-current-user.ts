import type { CurrentUserBody, UserWire } from '@app/domain';
import { serverPaths } from '@/config/paths.ts';
import { baseApi } from '@/lib/store/base-api.ts';

/**
 * The signed-in user, read from `GET /api/auth/me` (200 with null when signed out, so a signed-out
 * visit logs no failed request); signed out reads as a 401 error, as private pages expect.
 */
export const currentUserApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUser: build.query<UserWire, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery({
          url: serverPaths.currentUser,
          headers: { accept: 'application/json' },
        });
        if (result.error) return { error: result.error };
        const { user } = result.data as CurrentUserBody;
        if (!user) {
          return {
            error: {
              status: 401,
              data: { error: { code: 'UNAUTHORIZED', message: 'Please sign in first' } },
            },
          };
        }
        return { data: user };
      },
      providesTags: ['CurrentUser'],
    }),
  }),
});

export const { useGetCurrentUserQuery: useCurrentUserQuery } = currentUserApi;
