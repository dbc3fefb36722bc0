import type { PublicConfigWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** Links and sign-in kind from the server's settings (GET /api/config/public). */
export const publicConfigApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPublicConfig: build.query<PublicConfigWire, void>({ query: () => 'api/config/public' }),
  }),
});

export const { useGetPublicConfigQuery: usePublicConfigQuery } = publicConfigApi;
