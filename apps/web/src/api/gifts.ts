import type { RedeemGiftCodeBody, RedeemGiftCodeResult, UserWire } from '@app/domain';
import { useNavigate } from 'react-router';
import { isOwnPath } from '@/lib/own-path.ts';
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

/** Redeems a code for the user, then goes where the server says (only ever a path on this site). */
export function useRedeem(user: UserWire) {
  const navigate = useNavigate();
  const [redeemCode, state] = useRedeemGiftCodeMutation();
  /** The server's words for what happened, or false when the code was refused. */
  async function redeem(giftCode: string): Promise<string | false> {
    try {
      const { url, message } = await redeemCode({
        giftCode: giftCode.trim(),
        email: user.email,
        userId: user.user_id,
        stripeId: user.stripeid,
      }).unwrap();
      if (isOwnPath(url)) void navigate(url);
      return message ?? 'Your gift was redeemed.';
    } catch (error) {
      console.error('Gift redeem failed', error);
      return false;
    }
  }
  return [redeem, state] as const;
}
