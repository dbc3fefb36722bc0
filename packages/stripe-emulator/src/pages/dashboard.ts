import { createHmac, timingSafeEqual } from 'node:crypto';
import { runDue } from '../billing/cycle.ts';
import type { Ctx } from '../ctx.ts';
import { closeDispute, openDispute } from '../disputes.ts';
import { StripeError } from '../errors.ts';
import { createRefund } from '../resources/refunds.ts';
import type { PageRequest, PageResponse, PageRoute } from '../router.ts';
import { esc, money, page, redirect } from './layout.ts';

/*
 * The operator's dashboard at the emulator's root (`/_stripe/`): recent payments with refunds (all
 * or an amount), disputes (open, then win or lose) and the test clock (advance by days, which runs
 * renewals). It asks for the secret key as the user name of HTTP Basic authentication (Stripe's
 * own way of sending a key); every form carries a token derived from that key, so another site
 * cannot make the browser act with its remembered credentials.
 */

const REALM = 'Basic realm="Stripe emulator dashboard (user name: the secret key)", charset="UTF-8"';

const tokenOf = (ctx: Ctx) =>
  createHmac('sha256', ctx.state.keys.secret).update('dashboard').digest('base64url');

function allowed(ctx: Ctx, key: string | null): boolean {
  const a = Buffer.from(key ?? '');
  const b = Buffer.from(ctx.state.keys.secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

const askForKey = (ctx: Ctx): PageResponse => ({
  ...page(ctx, 'Dashboard', '<h1>Dashboard</h1><p>Sign in with the secret key as the user name.</p>', 401),
  headers: { 'www-authenticate': REALM },
});

function dashboard(ctx: Ctx, notice?: { ok: boolean; text: string }): PageResponse {
  const token = tokenOf(ctx);
  const form = (action: string, fields: string, label: string, secondary = false) =>
    `<form method="post" action="${esc(ctx.url('/'))}" class="inline"><input type="hidden" name="token" value="${esc(token)}"><input type="hidden" name="action" value="${esc(action)}">${fields}<button type="submit"${secondary ? ' class="secondary"' : ''}>${esc(label)}</button></form>`;
  const charges = ctx
    .all('charge')
    .filter((charge) => charge.status === 'succeeded')
    .sort((a, b) => b.created - a.created)
    .slice(0, 50);
  const disputes = new Map(ctx.all('dispute').map((dispute) => [dispute.charge as string, dispute]));
  const rows = charges
    .map((charge) => {
      const currency = charge.currency;
      const left = charge.amount - charge.amount_refunded;
      const dispute = disputes.get(charge.id);
      const open = dispute && !['won', 'lost', 'warning_closed'].includes(dispute.status);
      const hidden = `<input type="hidden" name="charge" value="${esc(charge.id)}">`;
      const actions = [
        left > 0 && !dispute
          ? form(
              'refund',
              `${hidden}<label class="visually-hidden" for="amount-${esc(charge.id)}">Amount</label><input id="amount-${esc(charge.id)}" name="amount" placeholder="all ${esc(money(left, currency))}" size="8">`,
              'Refund',
            )
          : '',
        !dispute && left === charge.amount ? form('dispute', hidden, 'Open dispute', true) : '',
        open
          ? form(
              'win',
              `<input type="hidden" name="dispute" value="${esc(dispute.id)}">`,
              'Win dispute',
              true,
            )
          : '',
        open
          ? form(
              'lose',
              `<input type="hidden" name="dispute" value="${esc(dispute.id)}">`,
              'Lose dispute',
              true,
            )
          : '',
      ].join('');
      const state = dispute
        ? `dispute ${esc(dispute.status)}`
        : charge.amount_refunded > 0
          ? `${esc(money(charge.amount_refunded, currency))} refunded`
          : 'paid';
      return `<tr><td>${esc(new Date(charge.created * 1000).toISOString().slice(0, 16).replace('T', ' '))}</td><td>${esc(charge.id)}<br><span class="muted">${esc(charge.description ?? (charge.customer as string | null) ?? '')}</span></td><td class="num">${esc(money(charge.amount, currency))}</td><td>${state}</td><td>${actions}</td></tr>`;
    })
    .join('');
  const now = new Date(ctx.now() * 1000).toISOString().slice(0, 16).replace('T', ' ');
  return page(
    ctx,
    'Dashboard',
    `<h1>Dashboard</h1>
${notice ? `<p class="${notice.ok ? 'banner' : 'error'}" role="${notice.ok ? 'status' : 'alert'}">${esc(notice.text)}</p>` : ''}
<h2>Payments</h2>
<table class="dashboard"><thead><tr><th>When</th><th>Charge</th><th class="num">Amount</th><th>State</th><th>Actions</th></tr></thead>
<tbody>${rows || '<tr><td colspan="5">No payments yet.</td></tr>'}</tbody></table>
<h2>Renewals</h2>
<p>Test clock: ${esc(now)} UTC. Advancing it runs every renewal, retry and period end that falls due.</p>
${form('advance', '<label for="days">Days</label><input id="days" name="days" inputmode="numeric" value="30" size="4">', 'Advance the clock')}`,
  );
}

function act(ctx: Ctx, form: Record<string, unknown>): string {
  const text = (name: string) => (typeof form[name] === 'string' ? form[name].trim() : '');
  switch (text('action')) {
    case 'refund': {
      const amount = text('amount') ? Math.round(Number(text('amount').replace('$', '')) * 100) : undefined;
      const refund = ctx.atomically(() =>
        createRefund(ctx, {
          charge: text('charge'),
          ...(amount === undefined ? {} : { amount: String(amount) }),
        }),
      );
      return `Refunded ${money(refund.amount, refund.currency)} of ${text('charge')}.`;
    }
    case 'dispute': {
      const charge = ctx.get(text('charge'), 'charge', 'charge');
      const dispute = ctx.atomically(() => openDispute(ctx, charge));
      return `Opened dispute ${dispute.id}.`;
    }
    case 'win':
    case 'lose': {
      const dispute = ctx.get(text('dispute'), 'dispute', 'dispute');
      const status = text('action') === 'win' ? 'won' : 'lost';
      ctx.atomically(() => closeDispute(ctx, dispute, status));
      return `Dispute ${dispute.id} ${status}.`;
    }
    case 'advance': {
      const days = Number(text('days'));
      if (!Number.isInteger(days) || days < 1 || days > 3660)
        throw new Error('Days must be a whole number from 1 to 3660.');
      ctx.state.clockOffset += days * 86_400;
      runDue(ctx);
      return `The clock moved ${days} days on.`;
    }
    default:
      throw new Error('Unknown action.');
  }
}

function handle(ctx: Ctx, req: PageRequest): PageResponse {
  if (!allowed(ctx, req.key)) return askForKey(ctx);
  if (Object.keys(req.form).length === 0) {
    const done = req.query.get('done');
    return dashboard(ctx, done ? { ok: true, text: done } : undefined);
  }
  const given = Buffer.from(typeof req.form.token === 'string' ? req.form.token : '');
  const expected = Buffer.from(tokenOf(ctx));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return dashboard(ctx, { ok: false, text: 'This form is stale; reload the dashboard and try again.' });
  }
  try {
    const done = act(ctx, req.form);
    return redirect(`${ctx.url('/')}?done=${encodeURIComponent(done)}`);
  } catch (error) {
    const message = error instanceof StripeError || error instanceof Error ? error.message : 'It failed.';
    return dashboard(ctx, { ok: false, text: message });
  }
}

export const dashboardPages: PageRoute[] = [
  { method: 'GET', path: '/', handler: handle },
  { method: 'POST', path: '/', handler: handle },
];
