import type { UpdateSubscriptionBody, UpdateSubscriptionResult } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** POST /api/payment/updateSubscription: change plan (upgrade now, downgrade at period end). */
export const updateSubscriptionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    updateSubscription: build.mutation<UpdateSubscriptionResult, UpdateSubscriptionBody>({
      query: (body) => ({ url: 'api/payment/updateSubscription', method: 'POST', body }),
      invalidatesTags: ['SubscriptionState', 'CurrentUser', 'PaymentHistory'],
    }),
  }),
});

export const { useUpdateSubscriptionMutation } = updateSubscriptionApi;
