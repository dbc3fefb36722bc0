import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../src/index.ts';
import { stripeFor, webhookReceiver } from './helpers.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const DAY = 86400;
// One test second per real second: only the emulator clock brings retries forward in these tests.
const slow = { webhookTimeScale: 1 };

describe('webhook redelivery', () => {
  it('keeps undelivered events across a restart and delivers them when their retry falls due', async () => {
    let down = true;
    const receiver = await webhookReceiver(() => (down ? 503 : 200));
    const dataDir = mkdtempSync(join(tmpdir(), 'stripe-emulator-'));
    dirs.push(dataDir);
    const first = await startEmulator({ dataDir, webhookUrl: receiver.url, ...slow });
    const customer = await stripeFor(first).customers.create({ email: 'crash@example.com' });
    await first.flushWebhooks();
    expect(receiver.deliveries).toHaveLength(1);
    await first.close();

    down = false;
    const second = await startEmulator({ dataDir, ...slow });
    await second.flushWebhooks();
    expect(receiver.deliveries).toHaveLength(1);
    await second.advanceClock(60);
    await second.flushWebhooks();
    expect(receiver.deliveries).toHaveLength(2);
    const event = JSON.parse(receiver.deliveries[1]!.body) as Stripe.Event;
    expect(event.type).toBe('customer.created');
    expect((event.data.object as Stripe.Customer).id).toBe(customer.id);
    expect((await stripeFor(second).events.retrieve(event.id)).pending_webhooks).toBe(0);
    await second.advanceClock(7 * DAY);
    await second.flushWebhooks();
    expect(receiver.deliveries).toHaveLength(2);
    await second.close();
    await receiver.close();
  });

  it('backs off exponentially from a minute and gives up after three days', async () => {
    const times: number[] = [];
    const emulator = await startEmulator(slow);
    const receiver = await webhookReceiver(() => {
      times.push(emulator.now());
      return 500;
    });
    emulator.setWebhookUrl(receiver.url);
    await stripeFor(emulator).products.create({ name: 'Never delivered' });
    await emulator.flushWebhooks();
    const step = async (seconds: number, until: number) => {
      for (let t = 0; t < until; t += seconds) {
        await emulator.advanceClock(seconds);
        await emulator.flushWebhooks();
      }
    };
    await step(60, 2 * 3600);
    await step(1800, 4 * DAY);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    // The clock also runs in real time, so a step may land a second late: never early.
    [60, 120, 240, 480].forEach((expected, i) => {
      expect(gaps[i]).toBeGreaterThanOrEqual(expected);
      expect(gaps[i]).toBeLessThanOrEqual(expected + 61);
    });
    gaps.forEach((gap, i) => i > 0 && expect(gap).toBeGreaterThanOrEqual(gaps[i - 1]! - 1800));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(12 * 3600 + 1800);
    expect(times.at(-1)! - times[0]!).toBeLessThanOrEqual(3 * DAY);
    expect(times.at(-1)! - times[0]!).toBeGreaterThan(2.5 * DAY);
    await emulator.close();
    await receiver.close();
  });

  it('compresses the backoff in real time by the time scale', async () => {
    const receiver = await webhookReceiver((n) => (n < 3 ? 500 : 200));
    // 60 / 120 / 240 test seconds of backoff pass in 10 / 20 / 40 ms. Uncompressed they would take
    // seven minutes, so waiting up to 20 s proves the scale however busy the machine is.
    const emulator = await startEmulator({ webhookUrl: receiver.url, webhookTimeScale: 6000 });
    await stripeFor(emulator).customers.create({ email: 'fast@example.com' });
    const start = Date.now();
    while (receiver.deliveries.length < 4 && Date.now() - start < 20_000) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(receiver.deliveries).toHaveLength(4);
    await emulator.close();
    await receiver.close();
  });
});
