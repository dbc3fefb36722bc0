import { baseApi } from '@/lib/store/base-api.ts';

/** POST /api/payment/create_invoice_portal: Stripe's billing portal ("Manage billing"). */
export const billingPortalApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    billingPortal: build.mutation<{ url: string }, { customer_id: string }>({
      query: (body) => ({ url: 'api/payment/create_invoice_portal', method: 'POST', body }),
    }),
  }),
});

export const { useBillingPortalMutation } = billingPortalApi;
