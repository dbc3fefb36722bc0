import {
  CARD_PURCHASE_TYPES,
  PAYMENT_KINDS,
  paymentKindOf,
  type ProcessPaymentBody,
  type ProcessPaymentResult,
} from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** The card form's payment call of each kind: process_single (credit packages) and
 * process_subscription (a new plan's first invoice). */
export const processPaymentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    processPayment: build.mutation<
      ProcessPaymentResult,
      ProcessPaymentBody & { purchaseType: (typeof CARD_PURCHASE_TYPES)[number] }
    >({
      query: ({ purchaseType, ...body }) => ({
        url: PAYMENT_KINDS[paymentKindOf(purchaseType)!].cardPath!,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['CurrentUser', 'SubscriptionState', 'PaymentHistory'],
    }),
  }),
});

export const { useProcessPaymentMutation } = processPaymentApi;
