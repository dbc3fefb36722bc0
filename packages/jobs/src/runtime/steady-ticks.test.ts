import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { heldTick, keepTickShapes } from './steady-ticks.ts';

describe("Node's tick shapes", () => {
  it('are kept by one of the tick objects Node queues, held once', () => {
    const tick = heldTick();
    expect(tick).toBeDefined();
    // Node's tick object: its ids under symbols, then the callback and its arguments.
    expect(Object.getOwnPropertySymbols(tick).length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(tick!)).toEqual(['callback', 'args']);
    keepTickShapes();
    expect(heldTick()).toBe(tick);
  });

  it('are kept from the first import of every server process', () => {
    for (const entry of ['../../../../apps/api/src/server.ts', '../../../../apps/worker/src/main.ts']) {
      const source = readFileSync(new URL(entry, import.meta.url), 'utf8');
      const firstImport = /^import\s+[^;]*;/m.exec(source)?.[0];
      expect(firstImport, entry).toBe("import '@app/jobs/steady-ticks';");
    }
  });
});
