import { payCheckoutSession, successUrl } from '../billing/checkout-payment.ts';
import type { Ctx } from '../ctx.ts';
import { StripeError } from '../errors.ts';
import type { PageRoute } from '../router.ts';
import type { Kept } from '../types.ts';
import { field, paymentMethodFromForm } from './card-form.ts';
import { cardFields, esc, money, notFoundPage, page, redirect } from './layout.ts';

function checkoutPage(
  ctx: Ctx,
  session: Kept<'checkout.session'>,
  error?: string,
  values: { email?: string; name?: string } = {},
) {
  const items = ctx.state.hidden.sessionLineItems[session.id] ?? [];
  const currency = session.currency as string;
  const customer = session.customer ? ctx.find(session.customer as string, 'customer') : undefined;
  const email = values.email ?? session.customer_email ?? customer?.email ?? '';
  const rows = items
    .map((it) => {
      const interval = it.price!.recurring ? ` / ${esc(it.price!.recurring.interval)}` : '';
      return `<tr><td>${esc(it.description ?? 'Item')} × ${esc(it.quantity)}</td><td class="num">${esc(money(it.amount_total, currency))}${interval}</td></tr>`;
    })
    .join('');
  const discount = session.total_details?.amount_discount as number;
  return page(
    ctx,
    'Checkout',
    `<h1>Checkout</h1>
<table><tbody>${rows}
${discount ? `<tr><td>Discount</td><td class="num">${esc(money(-discount, currency))}</td></tr>` : ''}
<tr><th>Total due today</th><th class="num">${esc(money(session.amount_total as number, currency))}</th></tr></tbody></table>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="${esc(ctx.url(`/_emulator/checkout/${session.id}`))}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" value="${esc(email)}" required>
<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" value="${esc(values.name ?? '')}">
${cardFields()}
<button type="submit">${session.mode === 'subscription' ? 'Subscribe' : 'Pay'}</button>
</form>
${session.cancel_url ? `<p><a href="${esc(session.cancel_url)}">Cancel and go back</a></p>` : ''}`,
    error ? 402 : 200,
  );
}

export const checkoutPages: PageRoute[] = [
  {
    method: 'GET',
    path: '/_emulator/checkout/:id',
    handler: (ctx, { params }) => {
      const session = ctx.find(params.id as string, 'checkout.session');
      if (!session) return notFoundPage(ctx, 'checkout session');
      if (session.status === 'complete') return redirect(successUrl(session));
      if (session.status === 'expired')
        return page(ctx, 'Checkout expired', '<h1>This checkout session has expired.</h1>', 410);
      return checkoutPage(ctx, session);
    },
  },
  {
    method: 'POST',
    path: '/_emulator/checkout/:id',
    handler: (ctx, { params, form }) => {
      const session = ctx.find(params.id as string, 'checkout.session');
      if (!session) return notFoundPage(ctx, 'checkout session');
      if (session.status !== 'open') return redirect(ctx.url(`/_emulator/checkout/${session.id}`));
      const email = field(form, 'email');
      const name = field(form, 'name');
      if (!/^[^@\s]+@[^@\s]+$/.test(email))
        return checkoutPage(ctx, session, 'Enter a valid email address.', { email, name });
      try {
        const pm = paymentMethodFromForm(ctx, form, { email, name });
        return redirect(payCheckoutSession(ctx, session, { email, name: name || null, paymentMethod: pm }));
      } catch (err) {
        if (!(err instanceof StripeError)) throw err;
        return checkoutPage(ctx, session, err.message, { email, name });
      }
    },
  },
];
