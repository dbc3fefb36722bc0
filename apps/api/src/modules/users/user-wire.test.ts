import type { UserRow } from '@app/db';
import { describe, expect, it } from 'vitest';
import { toUserWire } from './user-wire.ts';

const row = (credits: number) =>
  ({
    id: 'u1',
    stripeCustomerId: null,
    email: 'a@example.com',
    discordName: 'a',
    subscriptionStatus: 'free',
    credits,
    hypercredits: 0,
    cancelFlag: '0',
  }) as UserRow;

describe('the wire form of a user', () => {
  it('is made once for a frozen row, and is frozen itself', () => {
    const user = Object.freeze(row(5));
    const wire = toUserWire(user);
    expect(wire).toMatchObject({ user_id: 'u1', credits: 5, email: 'a@example.com' });
    expect(toUserWire(user)).toBe(wire);
    expect(Object.isFrozen(wire)).toBe(true);
  });

  it('is made anew for a row that can change', () => {
    const user = row(5);
    const first = toUserWire(user);
    user.credits = 6;
    expect(toUserWire(user)).not.toBe(first);
    expect(toUserWire(user).credits).toBe(6);
    expect(Object.isFrozen(first)).toBe(false);
  });
});
