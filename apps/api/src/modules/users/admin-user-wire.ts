import type { UserRow } from '@app/db';
import type { AdminUserWire, UserDetailsWire } from '@app/domain';
import { toUserWire } from './user-wire.ts';

/** A user as the admin tools show it. */
export function toAdminUserWire(user: UserRow): AdminUserWire {
  return { ...toUserWire(user), role: user.role, discord_id: user.discordId };
}

/** Credit and subscription details, without contact data. */
export function toUserDetailsWire(user: UserRow): UserDetailsWire {
  return {
    user_id: user.id,
    discordname: user.discordName,
    subscription_status: user.subscriptionStatus,
    credits: user.credits,
    hypercredits: user.hypercredits,
    lastname: user.cancelFlag,
  };
}
