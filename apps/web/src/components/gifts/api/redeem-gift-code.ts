import type { RedeemGiftCodeBody, RedeemGiftCodeResult } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** POST api/payment/redeem-gift-code: the gifted plan for the signed-in user. */
export const redeemGiftCodeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    redeemGiftCode: build.mutation<RedeemGiftCodeResult, RedeemGiftCodeBody>({
      query: (body) => ({ url: 'api/payment/redeem-gift-code', method: 'POST', body }),
      invalidatesTags: ['CurrentUser', 'SubscriptionState', 'GiftCodes'],
    }),
  }),
});

export const { useRedeemGiftCodeMutation } = redeemGiftCodeApi;
