import type {
  OverviewCreditsBody,
  OverviewHostsBody,
  OverviewJobsBody,
  OverviewLanesBody,
  OverviewQueueWaitsBody,
  OverviewRevenueBody,
  OverviewSubscriptionsBody,
  OverviewTopSpendersBody,
} from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

export interface DayRange {
  from: string;
  to: string;
}

const url = (section: string, range: DayRange) =>
  `api/admin/overview/${section}?${new URLSearchParams({ from: range.from, to: range.to }).toString()}`;

/** The admin overview's reads (`GET /api/admin/overview/*`), one per chart, each over a range of days. */
export const overviewApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRevenue: build.query<OverviewRevenueBody, DayRange>({ query: (range) => url('revenue', range) }),
    getSubscriptions: build.query<OverviewSubscriptionsBody, DayRange>({
      query: (range) => url('subscriptions', range),
    }),
    getCredits: build.query<OverviewCreditsBody, DayRange>({ query: (range) => url('credits', range) }),
    getJobs: build.query<OverviewJobsBody, DayRange>({ query: (range) => url('jobs', range) }),
    getQueueWaits: build.query<OverviewQueueWaitsBody, DayRange>({
      query: (range) => url('queue-waits', range),
    }),
    getHosts: build.query<OverviewHostsBody, DayRange>({ query: (range) => url('hosts', range) }),
    getLanes: build.query<OverviewLanesBody, DayRange>({ query: (range) => url('lanes', range) }),
    getTopSpenders: build.query<OverviewTopSpendersBody, DayRange>({
      query: (range) => url('top-spenders', range),
    }),
  }),
});

export const {
  useGetRevenueQuery,
  useGetSubscriptionsQuery,
  useGetCreditsQuery,
  useGetJobsQuery,
  useGetQueueWaitsQuery,
  useGetHostsQuery,
  useGetLanesQuery,
  useGetTopSpendersQuery,
} = overviewApi;
