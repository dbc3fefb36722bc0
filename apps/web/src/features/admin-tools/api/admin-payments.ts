import type { AdminPaymentsBody, AdminRefundBody, AdminRefundResult } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** A person's payments and the admin's refund of one; the server refuses both to non-admins. */
export const adminPaymentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserPayments: build.query<AdminPaymentsBody, string>({
      query: (userId) => `api/admin/users/${encodeURIComponent(userId)}/payments`,
      providesTags: ['PaymentHistory'],
    }),
    refundPayment: build.mutation<
      AdminRefundResult,
      { userId: string; paymentId: string; body: AdminRefundBody }
    >({
      query: ({ userId, paymentId, body }) => ({
        url: `api/admin/users/${encodeURIComponent(userId)}/payments/${encodeURIComponent(paymentId)}/refund`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['PaymentHistory', 'Ledger', 'Users'],
    }),
  }),
});

export const { useGetUserPaymentsQuery, useRefundPaymentMutation } = adminPaymentsApi;
