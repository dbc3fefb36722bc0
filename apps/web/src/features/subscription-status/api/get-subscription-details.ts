import type { SubscriptionWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** GET /api/payment/subscriptionDetails/:id */
export const subscriptionDetailsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSubscriptionDetails: build.query<SubscriptionWire, string>({
      query: (id) => `api/payment/subscriptionDetails/${encodeURIComponent(id)}`,
      providesTags: ['SubscriptionState'],
    }),
  }),
});

export const { useGetSubscriptionDetailsQuery } = subscriptionDetailsApi;
