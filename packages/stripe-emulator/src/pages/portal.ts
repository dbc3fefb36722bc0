import type { Ctx } from '../ctx.ts';
import { StripeError } from '../errors.ts';
import { attachCard, setDefaultCard } from '../resources/customers.ts';
import { cancelNow, updateSubscription } from '../billing/subscription-events.ts';
import { periodOf } from '../billing/items.ts';
import { configurationOf } from '../resources/portal.ts';
import type { PageRoute } from '../router.ts';
import type { Kept } from '../types.ts';
import { paymentMethodFromForm } from './card-form.ts';
import { cardFields, date, esc, money, notFoundPage, page, redirect } from './layout.ts';

function portalPage(
  ctx: Ctx,
  session: Kept<'billing_portal.session'>,
  notice?: { error?: string; ok?: string },
) {
  const customer = ctx.get(session.customer, 'customer');
  const subs = ctx.all('subscription').filter((s) => s.customer === customer.id && s.status !== 'canceled');
  // The card renewals are charged to: the customer's default, else a subscription's own.
  const pmId =
    (customer.invoice_settings?.default_payment_method as string | null) ??
    (subs.find((s) => s.default_payment_method)?.default_payment_method as string | undefined) ??
    null;
  const pm = pmId ? ctx.find(pmId, 'payment_method') : undefined;
  const invoices = ctx
    .all('invoice')
    .filter((i) => i.customer === customer.id && i.status !== 'draft')
    .reverse();
  const rows = invoices
    .map(
      (
        i,
      ) => `<tr><td>${esc(date(i.created))}</td><td>${esc(i.number)}</td><td class="num">${esc(money(i.total, i.currency))}</td>
<td>${esc(i.status)}</td><td><a href="${esc(i.invoice_pdf)}">PDF</a> · <a href="${esc(i.hosted_invoice_url)}">${i.status === 'open' ? 'Pay' : 'View'}</a></td></tr>`,
    )
    .join('');
  const config = configurationOf(ctx, session);
  const { features } = config;
  const cancelForm = (sub: Kept<'subscription'>) =>
    features.subscription_cancel.enabled && !sub.cancel_at_period_end
      ? ` <form class="inline" method="post" action="${esc(ctx.url(`/_emulator/portal/${session.id}/cancel/${sub.id}`))}"><button type="submit" class="secondary">Cancel plan</button></form>`
      : '';
  const subItem = (s: Kept<'subscription'>) =>
    `<li>${esc(s.items.data[0]?.price?.nickname ?? s.items.data[0]?.price?.id)} — ${esc(s.status)}${s.cancel_at_period_end ? ` (cancels on ${esc(date(s.items.data[0]!.current_period_end))})` : `, renews ${esc(date(s.items.data[0]!.current_period_end))}`}${cancelForm(s)}</li>`;
  return page(
    ctx,
    'Billing',
    `<h1>${esc(config.business_profile.headline ?? 'Billing')}</h1><p class="muted">${esc(ctx.settings.businessName)} · ${esc(customer.name ?? '')} ${esc(customer.email ?? '')}</p>
${notice?.ok ? `<p role="status">${esc(notice.ok)}</p>` : ''}${notice?.error ? `<p class="error" role="alert">${esc(notice.error)}</p>` : ''}
<h2>Subscriptions</h2>${subs.length ? `<ul>${subs.map(subItem).join('')}</ul>` : '<p>No active subscriptions.</p>'}
<h2>Payment method</h2><p>${pm?.card ? `${esc(pm.card.brand)} ending in ${esc(pm.card.last4)}, expires ${esc(pm.card.exp_month)}/${esc(pm.card.exp_year)}` : 'No default card.'}</p>
${
  features.payment_method_update.enabled
    ? `<form method="post" action="${esc(ctx.url(`/_emulator/portal/${session.id}/payment-method`))}"><fieldset><legend>Add a new default card</legend>${cardFields()}
<button type="submit">Save card</button></fieldset></form>`
    : ''
}
${features.invoice_history.enabled ? `<h2>Invoices</h2>${rows ? `<table><thead><tr><th>Date</th><th>Number</th><th class="num">Total</th><th>Status</th><th>Documents</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No invoices yet.</p>'}` : ''}
${session.return_url ? `<p><a class="button" href="${esc(session.return_url)}">Return</a></p>` : ''}`,
    notice?.error ? 402 : 200,
  );
}

const NOTICES: Record<string, string> = {
  saved: 'Your default card was updated.',
  canceled: 'Your plan was cancelled.',
};

export const portalPages: PageRoute[] = [
  {
    method: 'GET',
    path: '/_emulator/portal/:id',
    handler: (ctx, { params, query }) => {
      const session = ctx.find(params.id as string, 'billing_portal.session');
      if (!session) return notFoundPage(ctx, 'billing portal session');
      const done = [...query.keys()].find((key) => NOTICES[key]);
      return portalPage(ctx, session, done ? { ok: NOTICES[done] } : undefined);
    },
  },
  {
    method: 'POST',
    path: '/_emulator/portal/:id/payment-method',
    handler: (ctx, { params, form }) => {
      const session = ctx.find(params.id as string, 'billing_portal.session');
      if (!session) return notFoundPage(ctx, 'billing portal session');
      const customer = ctx.get(session.customer, 'customer');
      if (!configurationOf(ctx, session).features.payment_method_update.enabled) {
        return portalPage(ctx, session, { error: 'Updating the card is not offered here.' });
      }
      try {
        const pm = paymentMethodFromForm(ctx, form, {
          email: customer.email ?? undefined,
          name: customer.name ?? undefined,
        });
        attachCard(ctx, pm, customer);
        setDefaultCard(ctx, customer, pm.id);
        for (const sub of ctx.all('subscription')) {
          if (sub.customer === customer.id && sub.status !== 'canceled')
            updateSubscription(ctx, sub, { default_payment_method: pm.id });
        }
      } catch (err) {
        if (!(err instanceof StripeError)) throw err;
        return portalPage(ctx, session, { error: err.message });
      }
      return redirect(ctx.url(`/_emulator/portal/${session.id}?saved=1`));
    },
  },
  {
    // Cancels as the portal configuration says: at the period's end (Stripe's default) or at once.
    method: 'POST',
    path: '/_emulator/portal/:id/cancel/:subscription',
    handler: (ctx, { params }) => {
      const session = ctx.find(params.id as string, 'billing_portal.session');
      if (!session) return notFoundPage(ctx, 'billing portal session');
      const cancel = configurationOf(ctx, session).features.subscription_cancel;
      const sub = ctx.find(params.subscription as string, 'subscription');
      if (
        !sub ||
        sub.customer !== session.customer ||
        ['canceled', 'incomplete_expired'].includes(sub.status)
      ) {
        return portalPage(ctx, session, { error: 'There is no such plan to cancel.' });
      }
      if (!cancel.enabled) return portalPage(ctx, session, { error: 'Cancelling is not offered here.' });
      if (sub.schedule) {
        return portalPage(ctx, session, {
          error: 'This plan has a scheduled change; it cannot be cancelled here until the change applies.',
        });
      }
      if (cancel.mode === 'immediately') cancelNow(ctx, sub);
      else {
        updateSubscription(ctx, sub, {
          cancel_at_period_end: true,
          cancel_at: periodOf(sub).end,
          canceled_at: ctx.now(),
          cancellation_details: {
            comment: null,
            feedback: null,
            feedback_option: null,
            reason: 'cancellation_requested',
          },
        });
      }
      return redirect(ctx.url(`/_emulator/portal/${session.id}?canceled=1`));
    },
  },
];
