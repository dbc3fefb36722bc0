import type { Ctx } from '../ctx.ts';
import { finishAuthentication } from '../payments.ts';
import { finishSetupAuthentication } from '../resources/setup-intents.ts';
import type { PageRoute } from '../router.ts';
import { esc, money, notFoundPage, page } from './layout.ts';

/** A payment intent, or a setup intent setting a card up, waiting for the bank's challenge. */
function intentFor(ctx: Ctx, id: string, secret: string | null) {
  const intent = id.startsWith('seti_') ? ctx.find(id, 'setup_intent') : ctx.find(id, 'payment_intent');
  return intent && secret && intent.client_secret === secret ? intent : undefined;
}

/** Where the browser goes after authentication, with the query Stripe adds to return_url. */
function returnTarget(returnUrl: string, pi: Record<string, unknown>): string | null {
  try {
    const url = new URL(returnUrl);
    const name = pi.object === 'setup_intent' ? 'setup_intent' : 'payment_intent';
    url.searchParams.set(name, String(pi.id));
    url.searchParams.set(`${name}_client_secret`, String(pi.client_secret));
    url.searchParams.set('redirect_status', pi.status === 'succeeded' ? 'succeeded' : 'failed');
    return /^https?:$/.test(url.protocol) ? url.toString() : null;
  } catch {
    return null;
  }
}

export const authenticatePages: PageRoute[] = [
  {
    method: 'GET',
    path: '/_emulator/authenticate/:id',
    handler: (ctx, { params, query }) => {
      const pi = intentFor(ctx, params.id as string, query.get('client_secret'));
      if (!pi) return notFoundPage(ctx, 'payment to authenticate');
      const returnUrl = query.get('return_url') ?? '';
      const done = pi.status !== 'requires_action';
      return page(
        ctx,
        '3D Secure authentication',
        `<h1>3D Secure authentication</h1>
<p class="muted">${
          pi.object === 'setup_intent'
            ? 'Test bank page for saving your card for later payments.'
            : `Test bank page for a payment of <strong>${esc(money(pi.amount, pi.currency))}</strong>.`
        }</p>
${done ? `<p>This payment is no longer waiting for authentication (status: ${esc(pi.status)}).</p>` : ''}
<form method="post" action="${esc(ctx.url(`/_emulator/authenticate/${pi.id}`))}">
<input type="hidden" name="client_secret" value="${esc(pi.client_secret)}">
<input type="hidden" name="return_url" value="${esc(returnUrl)}">
<button type="submit" name="action" value="complete"${done ? ' disabled' : ''}>Complete authentication</button>
<button type="submit" name="action" value="fail" class="secondary"${done ? ' disabled' : ''}>Fail authentication</button>
</form>`,
      );
    },
  },
  {
    method: 'POST',
    path: '/_emulator/authenticate/:id',
    handler: (ctx, { params, form }) => {
      const pi = intentFor(
        ctx,
        params.id as string,
        typeof form.client_secret === 'string' ? form.client_secret : null,
      );
      if (!pi) return notFoundPage(ctx, 'payment to authenticate');
      if (pi.object === 'setup_intent') finishSetupAuthentication(ctx, pi, form.action === 'complete');
      else finishAuthentication(ctx, pi, form.action === 'complete');
      const target =
        typeof form.return_url === 'string' && form.return_url ? returnTarget(form.return_url, pi) : null;
      const ok = pi.status === 'succeeded';
      // The outcome travels in data attributes to an external script: no inline code under a CSP.
      const result = `<div id="authentication-result" hidden data-payment-intent="${esc(pi.id)}" data-status="${esc(pi.status)}" data-target="${esc(target ?? '')}"></div>
<script src="${esc(ctx.url('/_emulator/assets/authenticate.js'))}"></script>`;
      return page(
        ctx,
        ok ? 'Authentication complete' : 'Authentication failed',
        `<h1>${ok ? 'Authentication complete' : 'Authentication failed'}</h1>
<p>${target ? `<a href="${esc(target)}">Continue</a>` : 'You can close this window.'}</p>${result}`,
      );
    },
  },
];
