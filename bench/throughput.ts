import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import { cpuMicros, startServer, stop } from './lib.ts';

interface Measured {
  rps: number;
  /** The server's CPU time per request in microseconds, where the platform tells. */
  cpuUs?: number;
}

async function measureWithCpu(
  url: string,
  seconds: number,
  {
    connections = 16,
    cookies,
    server,
  }: { connections?: number; cookies?: string[]; server?: ChildProcess } = {},
): Promise<Measured> {
  const cpuBefore = cpuMicros(server?.pid);
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    pipelining: 1,
    duration: seconds,
    // Each connection is a different signed-in user, as in real traffic.
    setupClient: cookies
      ? (client) => client.setHeaders({ cookie: cookies[next++ % cookies.length]! })
      : undefined,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const cpuAfter = cpuMicros(server?.pid);
  const cpuUs =
    cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
      ? (cpuAfter - cpuBefore) / result.requests.total
      : undefined;
  return { rps: result.requests.average, cpuUs };
}

async function measure(url: string, seconds: number, options: { connections?: number } = {}) {
  return (await measureWithCpu(url, seconds, options)).rps;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface ThroughputResult {
  bareRps: number;
  appRps: number;
  ratio: number;
  rounds: { bare: number; app: number }[];
}

/**
 * Requests/s of GET /subscription_details.json beside a bare Fastify hello-world in the same run.
 * Both servers run side by side and are measured in alternating rounds, so a busy moment on the
 * machine lands on both; the medians are compared.
 */
export async function benchThroughput(rounds = 5, seconds = 3): Promise<ThroughputResult> {
  const bare = await startServer('bench/servers/bare.ts');
  const app = await startServer('bench/servers/app.ts');
  try {
    const bareUrl = `http://127.0.0.1:${bare.port}/`;
    const appUrl = `http://127.0.0.1:${app.port}/subscription_details.json`;
    // Warm-up: JIT and connection handling settle before anything counts.
    await measure(bareUrl, 1);
    await measure(appUrl, 1);
    const results: { bare: number; app: number }[] = [];
    for (let round = 0; round < rounds; round++) {
      results.push({ bare: await measure(bareUrl, seconds), app: await measure(appUrl, seconds) });
    }
    const bareRps = median(results.map((r) => r.bare));
    const appRps = median(results.map((r) => r.app));
    return { bareRps, appRps, ratio: appRps / bareRps, rounds: results };
  } finally {
    await stop(bare.child);
    await stop(app.child);
  }
}

export interface SignedInResult {
  bareRps: number;
  signedInRps: number;
  ratio: number;
  /** The lowest and highest ratio of a single round: how much the machine's load moved it. */
  ratioSpread: [number, number];
  /** Median server CPU per request, microseconds (the database's own CPU is not in it). */
  bareCpuUs?: number;
  signedInCpuUs?: number;
  connections: number;
  rounds: { bare: number; signedIn: number; bareCpuUs?: number; signedInCpuUs?: number }[];
}

/**
 * Requests/s of a signed-in read (GET /api/auth/: session and user) on PostgreSQL, beside the bare
 * Fastify hello-world, 50 connections each, in alternating rounds; the medians are compared.
 */
export async function benchSignedInRead(rounds = 5, seconds = 3): Promise<SignedInResult> {
  const connections = 50;
  const bare = await startServer('bench/servers/bare.ts');
  const app = await startServer('bench/servers/signed-in.ts');
  try {
    const cookies = /COOKIES (\S+)/.exec(app.output)?.[1]?.split(',');
    if (!cookies) throw new Error('The signed-in bench server printed no cookies');
    const bareUrl = `http://127.0.0.1:${bare.port}/`;
    const appUrl = `http://127.0.0.1:${app.port}/api/auth/`;
    await measure(bareUrl, 1, { connections });
    await measureWithCpu(appUrl, 1, { connections, cookies });
    const results: SignedInResult['rounds'] = [];
    for (let round = 0; round < rounds; round++) {
      const b = await measureWithCpu(bareUrl, seconds, { connections, server: bare.child });
      const s = await measureWithCpu(appUrl, seconds, { connections, cookies, server: app.child });
      results.push({ bare: b.rps, signedIn: s.rps, bareCpuUs: b.cpuUs, signedInCpuUs: s.cpuUs });
    }
    const bareRps = median(results.map((r) => r.bare));
    const signedInRps = median(results.map((r) => r.signedIn));
    const ratios = results.map((r) => r.signedIn / r.bare);
    const cpu = (values: (number | undefined)[]) =>
      values.every((v) => v !== undefined) ? median(values) : undefined;
    return {
      bareRps,
      signedInRps,
      ratio: signedInRps / bareRps,
      ratioSpread: [Math.min(...ratios), Math.max(...ratios)],
      bareCpuUs: cpu(results.map((r) => r.bareCpuUs)),
      signedInCpuUs: cpu(results.map((r) => r.signedInCpuUs)),
      connections,
      rounds: results,
    };
  } finally {
    await stop(bare.child);
    await stop(app.child);
  }
}
