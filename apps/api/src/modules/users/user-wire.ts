import type { UserRow } from '@app/db';
import { EMAIL_PLACEHOLDER, type UserWire } from '@app/domain';

/** Maps a user row to the User the front end reads (SPEC wire names). */
export function toUserWire(user: UserRow): UserWire {
  return {
    user_id: user.id,
    stripeid: user.stripeCustomerId,
    email: user.email ?? EMAIL_PLACEHOLDER,
    discordname: user.discordName,
    subscription_status: user.subscriptionStatus,
    credits: user.credits,
    hypercredits: user.hypercredits,
    lastname: user.cancelFlag,
  };
}
