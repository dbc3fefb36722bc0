import type { PaymentConfig } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** The publishable key and, in the embedded default, the Stripe emulator's URL. */
export const paymentConfigApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPaymentConfig: build.query<PaymentConfig, void>({ query: () => 'api/payment/config' }),
  }),
});

export const { useGetPaymentConfigQuery } = paymentConfigApi;
