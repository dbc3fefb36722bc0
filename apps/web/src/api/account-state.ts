import type { AccountStateBody } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** GET /api/users/:userId/account-state: what the account must be told about its money now. */
export const accountStateApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAccountState: build.query<AccountStateBody, string>({
      query: (userId) => `api/users/${encodeURIComponent(userId)}/account-state`,
      providesTags: ['SubscriptionState', 'Ledger'],
    }),
  }),
});

export const { useGetAccountStateQuery } = accountStateApi;
