import type { GiftCodeListResult } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** POST /api/payment/get_gift_code_list: the gift codes the user bought and whether each still works. */
export const giftCodeListApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getGiftCodeList: build.query<GiftCodeListResult, string | null>({
      query: (stripeId) => ({ url: 'api/payment/get_gift_code_list', method: 'POST', body: { stripeId } }),
      providesTags: ['GiftCodes'],
    }),
  }),
});

export const { useGetGiftCodeListQuery } = giftCodeListApi;
