import { z } from 'zod';

/** Wire shapes of the payment history call (SPEC §3 Payment record). */

export const PaymentHistoryParams = z.object({
  stripeid: z.string().trim().min(1, 'Stripe id is required').max(255),
});

export const PAYMENT_RECORD_TYPES = ['subscription', 'invoice', 'charge'] as const;

/**
 * One word per state of a payment, whether Stripe recorded it as an invoice (`paid`, `open`,
 * `uncollectible`) or a charge (`succeeded`, `pending`, refunded in part or whole, disputed with
 * the bank and not won).
 */
export const PAYMENT_STATUSES = [
  'paid',
  'refunded',
  'partly refunded',
  'disputed',
  'pending',
  'due',
  'unpaid',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How the payment history writes a status. */
export const PAYMENT_STATUS_WORDS: Record<PaymentStatus, string> = {
  paid: 'Paid',
  refunded: 'Refunded',
  'partly refunded': 'Partly refunded',
  disputed: 'Disputed',
  pending: 'Pending',
  due: 'Due',
  unpaid: 'Unpaid',
};

/** The Payment record of SPEC §3. */
export const PaymentRecordWire = z.object({
  id: z.string(),
  /** Epoch seconds. */
  date: z.number().int(),
  /** Cents. */
  amount: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  type: z.enum(PAYMENT_RECORD_TYPES),
  description: z.string(),
  invoice_pdf: z.string().nullable(),
  receipt_url: z.string().nullable(),
  /** The receipt as a PDF: the invoice's `invoice_pdf`, else the PDF of the charge's receipt page. */
  receipt_pdf: z.string().nullable(),
  /** Cents refunded of it so far (0 when none). */
  refunded: z.number().int().optional(),
});
export type PaymentRecordWire = z.infer<typeof PaymentRecordWire>;

/**
 * The PDF of a Stripe receipt page: the page's own address with `/pdf` added to its path (the
 * "Download receipt" link Stripe's receipt page carries).
 */
export function receiptPdfUrl(receiptUrl: string | null | undefined): string | null {
  if (!receiptUrl) return null;
  try {
    const url = new URL(receiptUrl);
    url.pathname = `${url.pathname.replace(/\/$/, '')}/pdf`;
    return url.toString();
  } catch {
    return null;
  }
}

/** Newest first. */
export const PaymentHistoryResult = z.array(PaymentRecordWire);
