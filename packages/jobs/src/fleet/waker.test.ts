import { describe, expect, it } from 'vitest';
import { Waker } from './waker.ts';

/** Whether the promise has settled once pending callbacks have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

const HOUR = 3_600_000;

describe('Waker', () => {
  it('wakes a waiting loop on its key, and on every key at once', async () => {
    const waker = new Waker<'image' | 'video'>();
    const image = waker.wait('image', HOUR);
    const video = waker.wait('video', HOUR);
    waker.wake('image');
    expect(await settled(image)).toBe(true);
    expect(await settled(video)).toBe(false);
    waker.wakeAll();
    expect(await settled(video)).toBe(true);
  });

  it('keeps a wake that came after a mark for the wait that passes it', async () => {
    const waker = new Waker<'image' | 'video'>();
    const since = waker.mark('image');
    waker.wake('image');
    expect(await settled(waker.wait('image', HOUR, since))).toBe(true);
    // A wake of another key does not count; a wake of every key does.
    const imageMark = waker.mark('image');
    waker.wake('video');
    const waiting = waker.wait('image', HOUR, imageMark);
    expect(await settled(waiting)).toBe(false);
    const allMark = waker.mark('image');
    waker.wakeAll();
    expect(await settled(waker.wait('image', HOUR, allMark))).toBe(true);
    expect(await settled(waiting)).toBe(true);
  });

  it('waits the whole time without a wake since the mark', async () => {
    const waker = new Waker<'image'>();
    const since = waker.mark('image');
    const waiting = waker.wait('image', HOUR, since);
    expect(await settled(waiting)).toBe(false);
    waker.wake('image');
    expect(await settled(waiting)).toBe(true);
  });
});
