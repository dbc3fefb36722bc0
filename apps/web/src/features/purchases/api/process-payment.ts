import type { ProcessPaymentBody, ProcessPaymentResult } from '@app/domain';
import { baseApi } from '@/app/base-api.ts';

/** process_single (credit packages) and process_subscription (a new plan's first invoice). */
export const processPaymentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    processPayment: build.mutation<
      ProcessPaymentResult,
      ProcessPaymentBody & { purchaseType: 'Credits' | 'Subscription' }
    >({
      query: ({ purchaseType, ...body }) => ({
        url: purchaseType === 'Credits' ? 'api/payment/process_single' : 'api/payment/process_subscription',
        method: 'POST',
        body,
      }),
      invalidatesTags: ['CurrentUser', 'Subscription', 'PaymentHistory'],
    }),
  }),
});

export const { useProcessPaymentMutation } = processPaymentApi;
