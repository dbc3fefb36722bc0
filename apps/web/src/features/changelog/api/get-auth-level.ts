import type { Role } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** GET /api/auth/authlevel: the caller's role; a failure is logged and reads as null (SPEC §8). */
export const authLevelApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    changelogAuthLevel: build.query<Role | null, void>({
      queryFn: async () => {
        try {
          const response = await fetch('/api/auth/authlevel', {
            credentials: 'include',
            headers: { accept: 'application/json' },
          });
          if (!response.ok) throw new Error(`auth level: ${response.status}`);
          const body = (await response.json()) as { authLevel: Role | null };
          return { data: body.authLevel };
        } catch (error) {
          console.error(error);
          return { data: null };
        }
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
