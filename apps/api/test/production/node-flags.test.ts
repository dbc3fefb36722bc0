import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) => readFileSync(new URL(`../../../../${file}`, import.meta.url), 'utf8');
const scriptsLib = '../../../../scripts/lib.mjs';

describe("the servers' Node flags", () => {
  it('are the same wherever the API and the worker run: npm start, npm run worker, the image, the packages', async () => {
    const { SERVER_NODE_FLAGS } = (await import(scriptsLib)) as { SERVER_NODE_FLAGS: readonly string[] };
    expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=64');
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    expect(JSON.parse(cmd!)).toEqual(['node', ...SERVER_NODE_FLAGS, 'apps/api/dist/server.js']);
    for (const [app, main] of [
      ['api', 'dist/server.js'],
      ['worker', 'dist/main.js'],
    ] as const) {
      const start = (JSON.parse(read(`apps/${app}/package.json`)) as { scripts: { start: string } }).scripts
        .start;
      expect(start).toBe(['node', ...SERVER_NODE_FLAGS, main].join(' '));
    }
    expect(read('scripts/start.mjs')).toContain("[...SERVER_NODE_FLAGS, 'apps/api/dist/server.js']");
    expect(read('scripts/worker.mjs')).toContain("[...SERVER_NODE_FLAGS, 'apps/worker/dist/main.js']");
  });
});
