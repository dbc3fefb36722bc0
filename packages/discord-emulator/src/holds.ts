/**
 * Test control's way to reach the moments a real network makes rare: the next REST request that
 * matches a hold waits, either before the emulator acts on it (`request`: Discord never saw it) or
 * after it acted but before the answer goes back (`response`: the message exists, the caller does
 * not know). Held requests wait until released; a caller that goes away while held at `request`
 * is never acted on. `fail` does not wait: the request is acted on and answered with a 500, as
 * Discord now and then fails after doing the work.
 */
export type HoldStage = 'request' | 'response' | 'fail';

interface Rule {
  id: number;
  method: string;
  path: RegExp;
  stage: HoldStage;
}

export interface HeldRequest {
  id: number;
  method: string;
  path: string;
  stage: HoldStage;
}

export class Holds {
  private rules: Rule[] = [];
  private waiting: { request: HeldRequest; release: () => void }[] = [];
  private nextId = 1;

  add(method: string, path: string, stage: HoldStage): number {
    const id = this.nextId++;
    this.rules.push({ id, method: method.toUpperCase(), path: new RegExp(path), stage });
    return id;
  }

  /** The rule the request falls under (used up by it), if any. */
  take(method: string, path: string): Rule | undefined {
    const i = this.rules.findIndex((r) => r.method === method && r.path.test(path));
    return i < 0 ? undefined : this.rules.splice(i, 1)[0];
  }

  /** Resolves when released, or false when `closed` fires first (the caller went away). */
  wait(rule: Rule, method: string, path: string, closed: (listener: () => void) => void): Promise<boolean> {
    return new Promise((resolve) => {
      const entry = {
        request: { id: rule.id, method, path, stage: rule.stage },
        release: () => resolve(true),
      };
      this.waiting.push(entry);
      closed(() => {
        this.waiting = this.waiting.filter((w) => w !== entry);
        resolve(false);
      });
    });
  }

  held(): HeldRequest[] {
    return this.waiting.map((w) => w.request);
  }

  /**
   * Lets the request held by hold `id` go on; without `id`, every held request, and the holds not
   * used yet are forgotten.
   */
  release(id?: number): void {
    const going = this.waiting.filter((w) => id === undefined || w.request.id === id);
    this.waiting = this.waiting.filter((w) => !going.includes(w));
    if (id === undefined) this.rules = [];
    for (const w of going) w.release();
  }
}
