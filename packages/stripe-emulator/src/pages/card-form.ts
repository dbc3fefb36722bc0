import type { Ctx } from '../ctx.ts';
import { createCardPaymentMethod } from '../resources/payment-methods.ts';
import type { Kept, Params } from '../types.ts';

const field = (form: Params, name: string) => (typeof form[name] === 'string' ? form[name].trim() : '');

/** Creates a card payment method from the hosted pages' card fields. */
export function paymentMethodFromForm(
  ctx: Ctx,
  form: Params,
  billing: { email?: string; name?: string },
): Kept<'payment_method'> {
  const [month = '', year = ''] = field(form, 'card_expiry').split(/\s*\/\s*|\s+/);
  return createCardPaymentMethod(ctx, {
    type: 'card',
    card: {
      number: field(form, 'card_number').replace(/\s+/g, ''),
      exp_month: month.replace(/^0/, '') || '0',
      exp_year: year || '0',
      cvc: field(form, 'card_cvc'),
    },
    billing_details: {
      ...(billing.email ? { email: billing.email } : {}),
      ...(billing.name ? { name: billing.name } : {}),
    },
  });
}

export { field };
