import type { SubscriptionWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** POST /api/payment/renew_subscription/:id: undo a cancellation. */
export const renewSubscriptionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    renewSubscription: build.mutation<SubscriptionWire, string>({
      query: (id) => ({ url: `api/payment/renew_subscription/${encodeURIComponent(id)}`, method: 'POST' }),
      invalidatesTags: ['SubscriptionState', 'CurrentUser'],
    }),
  }),
});

export const { useRenewSubscriptionMutation } = renewSubscriptionApi;
