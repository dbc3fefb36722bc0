import type { SubscriptionWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** POST /api/payment/cancelSubscription/:id: cancel at the end of the period. */
export const cancelSubscriptionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    cancelSubscription: build.mutation<SubscriptionWire, string>({
      query: (id) => ({ url: `api/payment/cancelSubscription/${encodeURIComponent(id)}`, method: 'POST' }),
      invalidatesTags: ['SubscriptionState', 'CurrentUser'],
    }),
  }),
});

export const { useCancelSubscriptionMutation } = cancelSubscriptionApi;
