import { describe, expect, it } from 'vitest';
import { Ctx } from '../src/ctx.ts';
import { Store } from '../src/store.ts';
import { WebhookDispatcher } from '../src/webhooks.ts';

/** A bare emulator context with no webhook endpoint (nothing is delivered). */
function bareContext() {
  const store = new Store();
  const webhooks = new WebhookDispatcher({
    queue: () => store.state.webhookQueue,
    target: () => null,
    secret: () => store.state.keys.webhookSecret,
    now: () => Math.floor(Date.now() / 1000),
    timeScale: 1,
    save: () => {},
    delivered: () => {},
  });
  return new Ctx(store, 'http://emulator.test', webhooks);
}

describe('a change made atomically', () => {
  it('leaves every object, event and hidden fact as it was when it throws, in the same order', () => {
    const ctx = bareContext();
    const customer = ctx.put(ctx.create('customer', 'cus', { email: 'first@example.com' }));
    const created = ctx.emit('customer.created', customer);
    ctx.put(ctx.create('product', 'prod', { name: 'Credits' }));
    const before = structuredClone(ctx.state.objects);
    const sequence = ctx.state.invoiceSequence;

    expect(() =>
      ctx.atomically(() => {
        customer.email = 'changed@example.com';
        ctx.put(ctx.create('customer', 'cus', { email: 'new@example.com' }));
        ctx.emit('customer.updated', customer);
        ctx.state.hidden.cardNumbers.pm_planted = '4242424242424242';
        ctx.state.invoiceSequence += 1;
        throw new Error('declined');
      }),
    ).toThrow('declined');

    expect(ctx.state.objects).toEqual(before);
    expect(Object.keys(ctx.state.objects)).toEqual(Object.keys(before));
    expect(ctx.find(customer.id, 'customer')?.email).toBe('first@example.com');
    expect(ctx.state.hidden.cardNumbers).not.toHaveProperty('pm_planted');
    expect(ctx.state.invoiceSequence).toBe(sequence);
    // Events written before are kept as they are, not copied.
    expect(ctx.find(created.id, 'event')).toBe(created);
  });

  it('keeps what it changed when it returns', () => {
    const ctx = bareContext();
    const customer = ctx.put(ctx.create('customer', 'cus', { email: 'first@example.com' }));
    const added = ctx.atomically(() => {
      customer.email = 'changed@example.com';
      return ctx.put(ctx.create('customer', 'cus', { email: 'new@example.com' }));
    });
    expect(ctx.find(customer.id, 'customer')?.email).toBe('changed@example.com');
    expect(ctx.find(added.id, 'customer')?.email).toBe('new@example.com');
  });
});
