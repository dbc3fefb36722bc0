import type { UserWire } from '@app/domain';
import { useNavigate } from 'react-router';
import { useRedeemGiftCodeMutation } from './api/redeem-gift-code.ts';

/** Only a path on this site is followed, whatever the answer holds. */
export function isOwnPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/** Redeems a code for the user, then goes where the server says (always a path on this site). */
export function useRedeem(user: UserWire) {
  const navigate = useNavigate();
  const [redeemCode, state] = useRedeemGiftCodeMutation();
  async function redeem(giftCode: string): Promise<boolean> {
    try {
      const { url } = await redeemCode({
        giftCode: giftCode.trim(),
        email: user.email,
        userId: user.user_id,
        stripeId: user.stripeid,
      }).unwrap();
      if (isOwnPath(url)) void navigate(url);
      return true;
    } catch (error) {
      console.error('Gift redeem failed', error);
      return false;
    }
  }
  return [redeem, state] as const;
}
