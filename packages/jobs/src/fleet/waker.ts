/** Wakes loops that wait for something to do: a new job's NOTIFY, a freed slot, a host back up. */
export class Waker<K extends string> {
  private readonly waiting = new Map<K, Set<() => void>>();

  /** Resolves on the next `wake(key)` or `wakeAll()`, or after `ms`. */
  wait(key: K, ms: number): Promise<void> {
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
    for (const done of [...(this.waiting.get(key) ?? [])]) done();
  }

  wakeAll(): void {
    for (const key of this.waiting.keys()) this.wake(key);
  }
}
