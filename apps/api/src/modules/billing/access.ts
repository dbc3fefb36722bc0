import type { UserRow } from '@app/db';
import { forbidden } from '../../lib/errors.ts';

/** A user acts only on their own Stripe customer; admins on anyone's. */
export function assertOwnCustomer(user: UserRow, customerId: string | null | undefined): void {
  if (user.role === 'admin') return;
  if (!customerId || customerId !== user.stripeCustomerId) {
    throw forbidden('That payment record belongs to another account');
  }
}

/** Stripe objects carry the customer either as an id or expanded. */
export function customerIdOf(customer: string | { id: string } | null | undefined): string | null {
  if (!customer) return null;
  return typeof customer === 'string' ? customer : customer.id;
}
