import type { Role } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** GET /api/auth/authlevel: the caller's role; a failure is logged and reads as null (SPEC §8). */
export const authLevelApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    changelogAuthLevel: build.query<Role | null, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery('api/auth/authlevel');
        if (result.error) {
          console.error(new Error(`auth level: ${String(result.error.status)}`));
          return { data: null };
        }
        return { data: (result.data as { authLevel: Role | null }).authLevel };
      },
      providesTags: ['AuthLevel'],
    }),
  }),
});

/** True when the signed-in user is an admin (the only role that may write the changelog). */
export function useIsAdmin(): boolean {
  const { data } = authLevelApi.useChangelogAuthLevelQuery();
  return data === 'admin';
}
