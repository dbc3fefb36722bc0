import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackendHealth } from './backend-health.ts';
import { parseGenerationBackends } from './routing.ts';

describe('backend health', () => {
  let probes = 0;
  const server = createServer((_request, response) => {
    probes++;
    // What A1111's progress call answers while idle.
    response.end('{"progress": 0, "eta_relative": 0}');
  });
  let url: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise((resolve) => server.close(resolve)));

  it('shares one probe between calls inside its age limit and probes again after it', async () => {
    let clock = 0;
    const parsed = parseGenerationBackends(`image=a1111:${url}`);
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    const health = createBackendHealth(parsed.table, {
      maxAgeMs: 10_000,
      now: () => clock,
    });
    const first = await Promise.all([health(), health(), health()]);
    expect(first.map((hosts) => hosts[0]!.status)).toEqual(['up', 'up', 'up']);
    expect(probes).toBe(1);
    clock = 9_999;
    await health();
    expect(probes).toBe(1);
    clock = 10_000;
    await health();
    expect(probes).toBe(2);
  });
});
