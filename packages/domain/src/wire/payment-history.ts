import { z } from 'zod';

/** Wire shapes of the payment history call (SPEC §3 Payment record). */

export const PaymentHistoryParams = z.object({
  stripeid: z.string().trim().min(1, 'Stripe id is required').max(255),
});

export const PAYMENT_RECORD_TYPES = ['subscription', 'invoice', 'charge'] as const;

/** The Payment record of SPEC §3. */
export const PaymentRecordWire = z.object({
  id: z.string(),
  /** Epoch seconds. */
  date: z.number().int(),
  /** Cents. */
  amount: z.number().int(),
  status: z.string(),
  type: z.enum(PAYMENT_RECORD_TYPES),
  description: z.string(),
  invoice_pdf: z.string().nullable(),
  receipt_url: z.string().nullable(),
});
export type PaymentRecordWire = z.infer<typeof PaymentRecordWire>;

/** Newest first. */
export const PaymentHistoryResult = z.array(PaymentRecordWire);
