import type { PaymentSessionWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** GET /api/payment/session/:sessionId: the receipt the success page shows. */
export const paymentSessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPaymentSession: build.query<PaymentSessionWire, string>({
      query: (sessionId) => `api/payment/session/${encodeURIComponent(sessionId)}`,
    }),
  }),
});

export const { useGetPaymentSessionQuery } = paymentSessionApi;
