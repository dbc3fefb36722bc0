import type { UserWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/**
 * PUT /api/payment/update_customer_email after a payment: the email typed on the card form
 * becomes the profile's when the profile has none, so the dashboard stops asking for it.
 */
export const saveProfileEmailApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    saveProfileEmail: build.mutation<UserWire, { stripeid: string | null; email: string; userid: string }>({
      query: (body) => ({ url: 'api/payment/update_customer_email', method: 'PUT', body }),
      invalidatesTags: ['CurrentUser'],
    }),
  }),
});

export const { useSaveProfileEmailMutation } = saveProfileEmailApi;
