import { z } from 'zod';
import { GIFT_RECIPIENT_CHOICES } from '../gift-refunds.ts';

/** One of a person's settled payments as the admin's user page lists it. */
export const AdminPaymentWire = z.object({
  /** Stripe's id of what was paid: the payment intent (`pi_…`) or the plan's invoice (`in_…`). */
  id: z.string(),
  kind: z.string(),
  /** In our words: "Starter Pack", "Professional Plan", "Gift: Professional Plan". */
  description: z.string(),
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  currency: z.string(),
  credits: z.number().int(),
  hypercredits: z.number().int(),
  /** null, or the dispute's state. */
  dispute: z.enum(['open', 'won', 'lost']).nullable(),
  /** Whether a refund can still be asked for: something is left and no dispute is on it. */
  refundable: z.boolean(),
  paidAt: z.string(),
});
export type AdminPaymentWire = z.infer<typeof AdminPaymentWire>;

export const AdminPaymentsBody = z.object({ payments: z.array(AdminPaymentWire) });
export type AdminPaymentsBody = z.infer<typeof AdminPaymentsBody>;

export const AdminUserPaymentParams = z.object({ userId: z.string().uuid() });
export const AdminRefundParams = z.object({
  userId: z.string().uuid(),
  paymentId: z.string().min(3).max(255),
});

/** An admin's refund: all that is left, or an amount; the destructive-action password. */
export const AdminRefundBody = z.object({
  password: z.string().min(1, 'Password is required').max(200),
  /** Cents to refund; absent for everything not yet refunded. */
  amountCents: z.number().int().positive().optional(),
  /**
   * For a gift already redeemed: whether its recipient keeps it (the default) or has it taken back
   * (its credits, and on a full refund the plan). Before redemption a full refund voids the code.
   */
  giftRecipient: z.enum(GIFT_RECIPIENT_CHOICES).optional(),
  /** The same request sent again (a retry, a double click) makes one refund: the browser's id for it. */
  requestId: z.string().uuid(),
});
export type AdminRefundBody = z.infer<typeof AdminRefundBody>;

export const AdminRefundResult = z.object({
  refundId: z.string(),
  amountCents: z.number().int(),
  status: z.string(),
  message: z.string(),
});
export type AdminRefundResult = z.infer<typeof AdminRefundResult>;
