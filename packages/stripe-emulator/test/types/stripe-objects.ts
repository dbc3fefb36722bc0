// Checked by `npm run typecheck`, not run: the emulator creates its objects as the stripe package's
// own types describe them, so a field or value Stripe doesn't have fails to compile.
import type { Ctx } from '../../src/ctx.ts';

export function createsOnlyWhatStripeHas(ctx: Ctx): void {
  ctx.create('payment_intent', 'pi', { amount: 1299, currency: 'usd', status: 'succeeded' });
  // @ts-expect-error Stripe.PaymentIntent has no such field.
  ctx.create('payment_intent', 'pi', { amount: 1299, refunded_in_full: true });
  // @ts-expect-error An amount is a number of cents, not a string.
  ctx.create('payment_intent', 'pi', { amount: '12.99' });
  // @ts-expect-error Stripe.Customer has no such field.
  ctx.create('customer', 'cus', { email: 'a@example.com', nickname: 'a' });
  // @ts-expect-error Not a kind of object Stripe has.
  ctx.create('payment_intent_v2', 'pi', {});
  const pi = ctx.create('payment_intent', 'pi', { amount: 1299 });
  ctx.emit('payment_intent.succeeded', pi);
  // @ts-expect-error Stripe sends no event of this type.
  ctx.emit('payment_intent.paid', pi);
}

export function keepsOnlyWhatStripeHas(ctx: Ctx): void {
  const pi = ctx.get('pi_1', 'payment_intent');
  pi.amount = 500;
  // @ts-expect-error Stripe.PaymentIntent has no such field.
  pi.refunded_in_full = true;
  // @ts-expect-error An amount is a number of cents, not a string.
  pi.amount_received = '5.00';
  const customer = ctx.find('cus_1', 'customer');
  // @ts-expect-error Stripe.Customer has no such field.
  void customer?.nickname;
  // @ts-expect-error Not a kind of object Stripe has.
  ctx.all('payment_intent_v2');
}
