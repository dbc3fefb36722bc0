import type { VerifyCouponResult } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** POST /api/payment/verify_coupon {couponid, paymentIntentId?} → {valid, discountedAmount…}. */
export const verifyCouponApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    verifyCoupon: build.mutation<VerifyCouponResult, { couponid: string; paymentIntentId?: string }>({
      query: (body) => ({ url: 'api/payment/verify_coupon', method: 'POST', body }),
    }),
  }),
});

export const { useVerifyCouponMutation } = verifyCouponApi;
