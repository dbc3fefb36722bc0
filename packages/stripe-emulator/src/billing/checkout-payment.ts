import type { Ctx } from '../ctx.ts';
import { StripeError } from '../errors.ts';
import { confirmIntent, setReturnUrl } from '../payments.ts';
import { attachCard, createCustomer } from '../resources/customers.ts';
import { finishSession, sessionDiscounts } from '../resources/checkout.ts';
import { createIntent } from '../resources/payment-intents.ts';
import type { Kept } from '../types.ts';
import { invoiceIntent } from './invoices.ts';
import { createSubscription } from './subscriptions.ts';

export interface CheckoutPayer {
  email: string;
  name: string | null;
  paymentMethod: Kept<'payment_method'>;
}

/** Pays an open session from its hosted page; returns where the browser goes next. */
export function payCheckoutSession(
  ctx: Ctx,
  session: Kept<'checkout.session'>,
  payer: CheckoutPayer,
): string {
  const options = ctx.state.hidden.sessionOptions[session.id];
  session.customer_details = {
    address: null,
    business_name: null,
    email: payer.email,
    individual_name: null,
    name: payer.name,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
  let customer = session.customer ? ctx.get(session.customer as string, 'customer') : null;
  if (!customer && session.customer_creation === 'always') {
    customer = createCustomer(ctx, { email: payer.email, ...(payer.name ? { name: payer.name } : {}) });
    session.customer = customer.id;
  }
  const sessionId = session.id;
  const discountParams = session.discounts!.map((d) =>
    d.promotion_code ? { promotion_code: d.promotion_code } : { coupon: d.coupon },
  );
  if (session.mode === 'subscription' && customer) {
    attachCard(ctx, payer.paymentMethod, customer);
    const items = ctx.state.hidden.sessionLineItems[sessionId] ?? [];
    const sub = createSubscription(ctx, {
      customer: customer.id,
      items: items.map((it) => ({ price: it.price!.id, quantity: String(it.quantity) })),
      default_payment_method: payer.paymentMethod.id,
      metadata: options?.subscriptionMetadata ?? {},
      ...(options?.trialPeriodDays ? { trial_period_days: String(options.trialPeriodDays) } : {}),
      ...(discountParams.length ? { discounts: discountParams } : {}),
    });
    session.subscription = sub.id;
    session.invoice = sub.latest_invoice;
    const inv = ctx.get(sub.latest_invoice as string, 'invoice');
    const pi = invoiceIntent(ctx, inv);
    if (pi) ctx.state.hidden.sessionOfIntent[pi.id] = sessionId;
    if (inv.status === 'paid') finishSession(ctx, session);
    else if (pi?.status === 'requires_action') {
      setReturnUrl(ctx, pi, successUrl(session));
      return pi.next_action!.redirect_to_url!.url!;
    } else if (pi?.last_payment_error) throw cardErrorOf(pi);
    return successUrl(session);
  }
  sessionDiscounts(ctx, session);
  let pi = session.payment_intent ? ctx.get(session.payment_intent as string, 'payment_intent') : null;
  if (!pi) {
    pi = createIntent(ctx, {
      amount: session.amount_total as number,
      currency: session.currency as string,
      customer: customer?.id ?? null,
      metadata: options?.paymentIntentMetadata ?? {},
      receiptEmail: payer.email,
    });
    ctx.state.hidden.sessionOfIntent[pi.id] = sessionId;
    session.payment_intent = pi.id;
  }
  if (customer && !payer.paymentMethod.customer) attachCard(ctx, payer.paymentMethod, customer);
  confirmIntent(ctx, pi, { paymentMethod: payer.paymentMethod.id, returnUrl: successUrl(session) });
  if (pi.status === 'requires_action') return pi.next_action!.redirect_to_url!.url!;
  return successUrl(session);
}

export function successUrl(session: Kept<'checkout.session'>): string {
  return (session.success_url as string).replace(/\{CHECKOUT_SESSION_ID\}/g, session.id);
}

function cardErrorOf(pi: Kept<'payment_intent'>): StripeError {
  const e = pi.last_payment_error!;
  return new StripeError(402, e.type, e.message!, {
    code: e.code,
    decline_code: e.decline_code,
    param: e.param,
  });
}
