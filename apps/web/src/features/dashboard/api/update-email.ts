import type { UserWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

export interface UpdateEmailInput {
  stripeid: string | null;
  email: string;
  userid: string;
}

/** PUT /api/payment/update_customer_email: the signed-in user's own email. */
export const updateEmailApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    updateCustomerEmail: build.mutation<UserWire, UpdateEmailInput>({
      query: (body) => ({ url: 'api/payment/update_customer_email', method: 'PUT', body }),
      invalidatesTags: ['CurrentUser'],
    }),
  }),
});

export const { useUpdateCustomerEmailMutation } = updateEmailApi;
