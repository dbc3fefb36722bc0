/**
 * The record of the slots one dispatcher holds, and the judge of which have nothing behind them.
 * A slot is given back only when two sweeps in a row found it held with nothing using it, so a
 * slot passing from one step to the next at the moment of a sweep is never taken away.
 */
export class SlotWatchdog<Slot> {
  private readonly held = new Map<string, Slot>();
  private suspects = new Set<string>();

  constructor(private readonly keyOf: (slot: Slot) => string) {}

  /** The dispatcher took `slot` (a lock, or one of its local slots). */
  track(slot: Slot): Slot {
    this.held.set(this.keyOf(slot), slot);
    return slot;
  }

  /** The dispatcher let `slot` go. */
  untrack(slot: Slot): void {
    const key = this.keyOf(slot);
    if (this.held.get(key) === slot) this.held.delete(key);
  }

  /** Forgets every held slot `lost` says is gone (its lock went with a connection). */
  forget(lost: (slot: Slot) => boolean): void {
    for (const [key, slot] of this.held) if (lost(slot)) this.held.delete(key);
  }

  /**
   * One sweep: `inUse` are the slots something stands behind now (a running attempt, a slot kept
   * for the next job, a claim under way). Answers the slots that were idle at the last sweep too:
   * they are to be given back.
   */
  sweep(inUse: Iterable<Slot>): Slot[] {
    const used = new Set<string>();
    for (const slot of inUse) used.add(this.keyOf(slot));
    const idle = new Set<string>();
    const orphans: Slot[] = [];
    for (const [key, slot] of this.held) {
      if (used.has(key)) continue;
      if (this.suspects.has(key)) orphans.push(slot);
      else idle.add(key);
    }
    this.suspects = idle;
    return orphans;
  }

  get size(): number {
    return this.held.size;
  }
}
