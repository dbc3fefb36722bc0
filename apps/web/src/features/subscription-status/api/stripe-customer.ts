import type { CustomerUpdateBody, CustomerWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** GET /api/payment/customer/{id} and PUT /api/payment/customer/{id} {name, email, address}. */
export const stripeCustomerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStripeCustomer: build.query<CustomerWire, string>({
      query: (id) => `api/payment/customer/${encodeURIComponent(id)}`,
    }),
    updateStripeCustomer: build.mutation<CustomerWire, { id: string; body: CustomerUpdateBody }>({
      query: ({ id, body }) => ({
        url: `api/payment/customer/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(stripeCustomerApi.util.upsertQueryData('getStripeCustomer', id, data));
        } catch {
          // A failed save changes nothing here; the form shows why.
        }
      },
    }),
  }),
});

export const { useGetStripeCustomerQuery, useUpdateStripeCustomerMutation } = stripeCustomerApi;
