import type { UserRow } from '@app/db';
import { EMAIL_PLACEHOLDER, type UserWire } from '@app/domain';

/** The wire form of each frozen user row, made once: a remembered user answers many requests. */
const wires = new WeakMap<UserRow, Readonly<UserWire>>();

/**
 * Maps a user row to the User the front end reads (SPEC wire names). A frozen row (a signed-in
 * user, as the session found them) gets the same frozen answer each time, which the response
 * serializer then writes only once (lib/serializer.ts).
 */
export function toUserWire(user: UserRow): UserWire {
  const known = wires.get(user);
  if (known !== undefined) return known;
  const wire: UserWire = {
    user_id: user.id,
    stripeid: user.stripeCustomerId,
    email: user.email ?? EMAIL_PLACEHOLDER,
    discordname: user.discordName,
    subscription_status: user.subscriptionStatus,
    credits: user.credits,
    hypercredits: user.hypercredits,
    lastname: user.cancelFlag,
  };
  if (Object.isFrozen(user)) wires.set(user, Object.freeze(wire));
  return wire;
}
