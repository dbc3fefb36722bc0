import type { AutoTopUpSettingsBody, AutoTopUpWire, TopUpSetupIntentWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** /api/payment/auto-top-up: the settings, the card saved for them, and its SetupIntent. */
export const autoTopUpApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAutoTopUp: build.query<AutoTopUpWire, void>({
      query: () => 'api/payment/auto-top-up',
      providesTags: ['AutoTopUp'],
    }),
    updateAutoTopUp: build.mutation<AutoTopUpWire, AutoTopUpSettingsBody>({
      query: (body) => ({ url: 'api/payment/auto-top-up', method: 'PUT', body }),
      invalidatesTags: ['AutoTopUp', 'SubscriptionState'],
    }),
    setUpTopUpCard: build.mutation<TopUpSetupIntentWire, { paymentMethodId: string }>({
      query: (body) => ({ url: 'api/payment/auto-top-up/setup-intent', method: 'POST', body }),
      invalidatesTags: ['AutoTopUp'],
    }),
    saveTopUpCard: build.mutation<AutoTopUpWire, { setupIntentId: string }>({
      query: (body) => ({ url: 'api/payment/auto-top-up/card', method: 'POST', body }),
      invalidatesTags: ['AutoTopUp'],
    }),
  }),
});

export const {
  useGetAutoTopUpQuery,
  useUpdateAutoTopUpMutation,
  useSetUpTopUpCardMutation,
  useSaveTopUpCardMutation,
} = autoTopUpApi;
