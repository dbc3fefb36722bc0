import type { PaidProduct } from '@app/domain';
import type Stripe from 'stripe';
import { type ResolvedCoupon, discountOf } from './resolve-coupon.ts';

/*
 * A credit package bought with a coupon is sold on a one-off invoice carrying the discount, so
 * Stripe applies the coupon's rules (`max_redemptions`, `redeem_by`, a promotion code's customer)
 * and counts the redemption. The package's own intent keeps the invoice's id in its metadata
 * (`invoice`); the invoice's intent carries the package's metadata and leads back to it
 * (`package_intent`), so whichever intent the card form holds, the purchase is the same one.
 */

/** What a one-off card payment sells: its catalog key, its kind's wire type and its price. */
export interface SoldProduct extends Pick<PaidProduct, 'price'> {
  name: string;
  type: string;
}

/** What the invoice's discount was made from: the promotion code, else the coupon. */
export const discountKey = (coupon: ResolvedCoupon) => coupon.promotionCodeId ?? coupon.couponId;

const idOf = (value: string | { id?: string } | null | undefined) =>
  !value ? undefined : typeof value === 'string' ? value : value.id;

/** The intent an invoice is paid with (Stripe makes it when the invoice is finalized). */
export function invoiceIntentId(invoice: Stripe.Invoice): string | undefined {
  const payment = invoice.payments?.data.find((p) => p.is_default) ?? invoice.payments?.data[0];
  return idOf(payment?.payment.payment_intent);
}

export async function retrieveInvoice(stripe: Stripe, id: string): Promise<Stripe.Invoice> {
  return stripe.invoices.retrieve(id, { expand: ['payments'] });
}

/**
 * The draft invoice for this package, intent and discount. Idempotency keys make a retry (or a
 * concurrent copy of the request) find the same invoice and item instead of redeeming the coupon
 * again; `previous` (the invoice this intent had before, if any) starts a new chain after a void.
 */
export async function createPackageInvoice({
  stripe,
  customer,
  userId,
  pack,
  packageIntent,
  coupon,
  code,
  previous,
}: {
  stripe: Stripe;
  customer: string;
  userId: string;
  pack: SoldProduct;
  packageIntent: string;
  coupon: ResolvedCoupon;
  /** The code as the customer typed it, for a retry with the same code to find this invoice. */
  code: string;
  previous: string | undefined;
}): Promise<Stripe.Invoice> {
  const key = `package-invoice:${packageIntent}:${discountKey(coupon)}:${previous ?? 'none'}`;
  const draft = await stripe.invoices.create(
    {
      customer,
      collection_method: 'charge_automatically',
      auto_advance: false,
      discounts: [discountOf(coupon)],
      metadata: {
        payment_type: pack.type,
        tierType: pack.name,
        userId,
        package_intent: packageIntent,
        discount: discountKey(coupon),
        coupon_code: code.trim().toUpperCase(),
        discountName: coupon.name,
      },
    },
    { idempotencyKey: `${key}:invoice` },
  );
  await stripe.invoiceItems.create(
    {
      customer,
      invoice: draft.id,
      amount: pack.price,
      currency: 'usd',
      description: pack.name,
    },
    { idempotencyKey: `${key}:item` },
  );
  return retrieveInvoice(stripe, draft.id);
}
