/**
 * Wakes loops that wait for something to do: a new job's NOTIFY, a freed slot, a host back up.
 *
 * A wake that comes while its loop is busy (asking the queue for a job the notice is about, which
 * that ask did not yet see) is not lost: the loop takes a `mark` before it looks for work and
 * passes it to `wait`, which then returns at once if a wake came since. Without it, such a job
 * waited out the whole polling interval although a slot was free.
 */
export class Waker<K extends string> {
  private readonly waiting = new Map<K, Set<() => void>>();
  /** How many times each key was woken. */
  private readonly wakes = new Map<K, number>();
  /** How many times every key was woken at once. */
  private allWakes = 0;

  /** Where the key's wakes stand now: pass it to `wait` to hear of any that come after. */
  mark(key: K): number {
    return (this.wakes.get(key) ?? 0) + this.allWakes;
  }

  /**
   * Resolves on the next `wake(key)` or `wakeAll()`, or after `ms`; at once when `since` (a `mark`)
   * is given and a wake came after it.
   */
  wait(key: K, ms: number, since?: number): Promise<void> {
    if (since !== undefined && this.mark(key) !== since) return Promise.resolve();
    return new Promise((resolve) => {
      const set = this.waiting.get(key) ?? new Set();
      this.waiting.set(key, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
    });
  }

  wake(key: K): void {
    this.wakes.set(key, (this.wakes.get(key) ?? 0) + 1);
    this.resolveWaiting(key);
  }

  wakeAll(): void {
    this.allWakes++;
    for (const key of this.waiting.keys()) this.resolveWaiting(key);
  }

  private resolveWaiting(key: K): void {
    for (const done of [...(this.waiting.get(key) ?? [])]) done();
  }
}
