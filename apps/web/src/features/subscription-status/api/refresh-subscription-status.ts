import type { SubscriptionWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** GET /api/payment/update_subscription_status/:id: re-reads Stripe into our copy. */
export const refreshSubscriptionStatusApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    refreshSubscriptionStatus: build.mutation<SubscriptionWire, string>({
      query: (id) => ({ url: `api/payment/update_subscription_status/${encodeURIComponent(id)}` }),
      invalidatesTags: ['SubscriptionState', 'CurrentUser'],
    }),
  }),
});

export const { useRefreshSubscriptionStatusMutation } = refreshSubscriptionStatusApi;
