import { type Db, type PaymentRow, listPaymentsOf } from '@app/db';
import { type AdminPaymentWire, PAYMENT_KINDS, kindEntry } from '@app/domain';

const DISPUTES = new Set(['open', 'won', 'lost']);

/** A settled payment in our own words, as the admin's user page shows it. */
export function toAdminPaymentWire(row: PaymentRow): AdminPaymentWire {
  const entry = kindEntry(PAYMENT_KINDS, row.kind)?.entry;
  const product = entry?.find(row.product);
  const dispute = row.disputeStatus && DISPUTES.has(row.disputeStatus) ? row.disputeStatus : null;
  return {
    id: row.id,
    kind: row.kind,
    description: entry && product ? entry.words.payment(product) : row.product,
    amountCents: row.amountCents,
    refundedCents: row.refundedCents,
    currency: row.currency,
    credits: row.creditsGranted,
    hypercredits: row.hypercreditsGranted,
    dispute: dispute as AdminPaymentWire['dispute'],
    refundable: row.refundedCents < row.amountCents && dispute !== 'open' && dispute !== 'lost',
    paidAt: row.paidAt.toISOString(),
  };
}

/** A person's settled payments, newest first. */
export async function listUserPayments({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<AdminPaymentWire[]> {
  return (await listPaymentsOf(db, userId)).map(toAdminPaymentWire);
}
