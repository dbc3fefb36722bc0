import { baseApi } from '@/lib/store/base-api.ts';

/** POST /api/payment/create_invoice_portal: Stripe's billing portal (details, invoices, cards). */
export const invoicePortalApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    invoicePortal: build.mutation<{ url: string }, { customer_id: string }>({
      query: (body) => ({ url: 'api/payment/create_invoice_portal', method: 'POST', body }),
    }),
  }),
});

export const { useInvoicePortalMutation } = invoicePortalApi;
