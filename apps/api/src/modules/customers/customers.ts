import type { UserRow } from '@app/db';
import type { CustomerUpdateBody, CustomerWire } from '@app/domain';
import type Stripe from 'stripe';
import { notFound } from '../../lib/errors.ts';
import { assertMayActOn } from '../../lib/authorization.ts';

export function toCustomerWire(customer: Stripe.Customer): CustomerWire {
  const address = customer.address;
  return {
    id: customer.id,
    name: customer.name ?? null,
    email: customer.email ?? null,
    address: address
      ? {
          line1: address.line1 ?? null,
          city: address.city ?? null,
          state: address.state ?? null,
          postal_code: address.postal_code ?? null,
          country: address.country ?? null,
        }
      : null,
  };
}

/** Reads a customer the user owns (admins: any). */
export async function getCustomer({
  stripe,
  user,
  customerId,
}: {
  stripe: Stripe;
  user: UserRow;
  customerId: string;
}): Promise<Stripe.Customer> {
  assertMayActOn(user, { customerId: customerId }, 'That payment record belongs to another account');
  try {
    const customer = await stripe.customers.retrieve(customerId);
    if ('deleted' in customer && customer.deleted) throw notFound('Customer');
    return customer;
  } catch (error) {
    if ((error as { code?: string }).code === 'resource_missing') throw notFound('Customer');
    throw error;
  }
}

/** Updates name, email and address of a customer the user owns (admins: any). */
export async function updateCustomer({
  stripe,
  user,
  customerId,
  fields,
  metadata,
}: {
  stripe: Stripe;
  user: UserRow;
  customerId: string;
  fields: CustomerUpdateBody;
  metadata?: Record<string, string>;
}): Promise<Stripe.Customer> {
  await getCustomer({ stripe, user, customerId });
  return stripe.customers.update(customerId, {
    ...(fields.name !== undefined ? { name: fields.name } : {}),
    ...(fields.email !== undefined ? { email: fields.email } : {}),
    ...(fields.address ? { address: fields.address } : {}),
    ...(metadata ? { metadata } : {}),
  });
}
