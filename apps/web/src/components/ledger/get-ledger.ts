import type { LedgerBody } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** GET /api/users/:userId/ledger: one page of a user's balance changes, newest first. */
export const ledgerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLedger: build.query<LedgerBody, { userId: string; cursor?: number }>({
      query: ({ userId, cursor }) =>
        `api/users/${encodeURIComponent(userId)}/ledger${cursor ? `?cursor=${cursor}` : ''}`,
      providesTags: ['Ledger'],
    }),
  }),
});

export const { useGetLedgerQuery, useLazyGetLedgerQuery } = ledgerApi;
