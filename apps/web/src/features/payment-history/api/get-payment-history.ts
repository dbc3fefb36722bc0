import type { PaymentRecordWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** GET /api/payment/payment-history/:stripeid: invoices and one-off payments, newest first. */
export const paymentHistoryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPaymentHistory: build.query<PaymentRecordWire[], string>({
      query: (stripeId) => `api/payment/payment-history/${encodeURIComponent(stripeId)}`,
      providesTags: ['PaymentHistory'],
    }),
  }),
});

export const { useGetPaymentHistoryQuery } = paymentHistoryApi;
