import { z } from 'zod';
import { EmailInput } from './wire/user.ts';

const required = (what: string) => z.string().trim().min(1, `${what} is required`);

/**
 * The card checkout's own fields (SPEC §2 Checkout, §5): name, email and billing address are
 * required, the coupon is optional. Values come out trimmed; the card is Stripe's (or the
 * emulator's) field and not part of this.
 */
export const CheckoutFields = z.object({
  name: required('Name'),
  email: EmailInput,
  line1: required('Address'),
  city: required('City'),
  state: required('State'),
  postalCode: required('Postal code'),
  country: required('Country'),
  coupon: z.string().trim(),
});
export type CheckoutFields = z.infer<typeof CheckoutFields>;
