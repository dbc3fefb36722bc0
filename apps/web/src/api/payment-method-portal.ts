import { baseApi } from '@/lib/store/base-api.ts';

/** POST /api/payment/payment_method_update_portal: Stripe's form for the default card. */
export const paymentMethodPortalApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    paymentMethodPortal: build.mutation<{ url: string }, { customer_id: string }>({
      query: (body) => ({ url: 'api/payment/payment_method_update_portal', method: 'POST', body }),
    }),
  }),
});

export const { usePaymentMethodPortalMutation } = paymentMethodPortalApi;
