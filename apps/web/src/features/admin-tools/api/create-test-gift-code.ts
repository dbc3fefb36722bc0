import type { GiftCodeWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** POST /api/payment/testpost (admin): a gift code nobody paid for, to try redeeming. */
export const testGiftCodeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createTestGiftCode: build.mutation<{ giftcode: GiftCodeWire }, { stripeId?: string | null }>({
      query: (body) => ({ url: 'api/payment/testpost', method: 'POST', body }),
      invalidatesTags: ['GiftCodes'],
    }),
  }),
});

export const { useCreateTestGiftCodeMutation } = testGiftCodeApi;
