import { describe, expect, it } from 'vitest';
import { SlotWatchdog } from './slot-watchdog.ts';

interface Slot {
  index: number;
}
const watchdog = () => new SlotWatchdog<Slot>((slot) => `slot#${slot.index}`);

describe('the slot watchdog', () => {
  it('gives back a held slot that nothing used at two sweeps in a row, and only that one', () => {
    const dog = watchdog();
    const [busy, leaked] = [dog.track({ index: 0 }), dog.track({ index: 1 })];
    expect(dog.sweep([busy])).toEqual([]);
    expect(dog.sweep([busy])).toEqual([leaked]);
  });

  it('keeps a slot that was in use at either sweep', () => {
    const dog = watchdog();
    const slot = dog.track({ index: 0 });
    expect(dog.sweep([])).toEqual([]);
    expect(dog.sweep([slot])).toEqual([]);
    expect(dog.sweep([])).toEqual([]);
    expect(dog.sweep([])).toEqual([slot]);
  });

  it('forgets slots given back or lost', () => {
    const dog = watchdog();
    const [given, lost, kept] = [dog.track({ index: 0 }), dog.track({ index: 1 }), dog.track({ index: 2 })];
    dog.untrack(given);
    dog.forget((slot) => slot === lost);
    expect(dog.size).toBe(1);
    dog.sweep([]);
    expect(dog.sweep([])).toEqual([kept]);
  });

  it('does not forget a slot taken again under the same key when an older copy is given back', () => {
    const dog = watchdog();
    const older = { index: 0 };
    dog.track(older);
    const newer = dog.track({ index: 0 });
    dog.untrack(older);
    expect(dog.size).toBe(1);
    dog.sweep([]);
    expect(dog.sweep([])).toEqual([newer]);
  });
});
