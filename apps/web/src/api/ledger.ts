import type { LedgerBody, LedgerEntryWire } from '@app/domain';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
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

interface Older {
  /** Whose entries these are: another user's are never shown. */
  userId: string;
  entries: LedgerEntryWire[];
  next: number | null;
}

/**
 * A user's credit history a page at a time: the first page from the store, older pages appended
 * by `more()`. Nothing is read while `userId` is undefined.
 */
export function useLedgerPages(userId: string | undefined) {
  const first = useGetLedgerQuery(userId ? { userId } : skipToken);
  const [older, setOlder] = useState<Older | null>(null);
  const [fetchPage, page] = useLazyGetLedgerQuery();
  const mine = userId && older?.userId === userId ? older : null;
  const cursor = mine ? mine.next : (first.data?.nextCursor ?? null);

  const more = async () => {
    if (!userId || cursor === null) return;
    const data = await fetchPage({ userId, cursor }).unwrap();
    setOlder((last) => ({
      userId,
      entries: [...(last?.userId === userId ? last.entries : []), ...data.entries],
      next: data.nextCursor,
    }));
  };

  return {
    entries: [...(first.data?.entries ?? []), ...(mine?.entries ?? [])],
    loading: !userId || first.isLoading,
    error: first.error,
    moreError: page.error,
    loadingMore: page.isFetching,
    hasMore: cursor !== null,
    more,
  };
}
