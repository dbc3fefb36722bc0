import type { OpenInvoiceBody, PayOpenInvoiceBody, PayOpenInvoiceResult } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** The open plan invoice ("Pay now") and paying it with a card. */
export const openInvoiceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOpenInvoice: build.query<OpenInvoiceBody, void>({
      query: () => 'api/payment/open-invoice',
      providesTags: ['SubscriptionState'],
    }),
    payOpenInvoice: build.mutation<PayOpenInvoiceResult, PayOpenInvoiceBody>({
      query: (body) => ({ url: 'api/payment/pay-open-invoice', method: 'POST', body }),
      invalidatesTags: ['SubscriptionState', 'CurrentUser', 'Ledger', 'PaymentHistory'],
    }),
  }),
});

export const { useGetOpenInvoiceQuery, usePayOpenInvoiceMutation } = openInvoiceApi;
