import type { OwnSubscriptionsResult } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** GET /api/payment/subscriptions: the signed-in user's live subscriptions, the one to manage first. */
export const ownSubscriptionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOwnSubscriptions: build.query<OwnSubscriptionsResult, void>({
      query: () => 'api/payment/subscriptions',
      providesTags: ['SubscriptionState'],
    }),
  }),
});

export const { useGetOwnSubscriptionsQuery } = ownSubscriptionsApi;
