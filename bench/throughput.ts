import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import { type Figure, figureOf, serverCpuMicros, startServer, stop } from './lib.ts';

interface Round {
  rps: number;
  /** The server's CPU time per request in microseconds, over the measured window. */
  cpuUs: number;
}

async function measureRound(
  url: string,
  seconds: number,
  server: ChildProcess,
  { connections, cookies }: { connections: number; cookies?: string[] },
): Promise<Round> {
  const cpuBefore = await serverCpuMicros(server);
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
  const cpuAfter = await serverCpuMicros(server);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, cpuUs: (cpuAfter - cpuBefore) / Math.max(1, result.requests.total) };
}

/** One server's figures over the rounds: requests/s and its CPU per request. */
export interface ServerFigures {
  rps: Figure;
  cpuUs: Figure;
}

export interface Comparison {
  bare: ServerFigures;
  app: ServerFigures;
  /** The app's requests/s over bare Fastify's, round by round. */
  rpsRatio: Figure;
  /** The app's CPU per request over bare Fastify's, round by round: the steadier figure. */
  cpuRatio: Figure;
  connections: number;
  rounds: { bare: Round; app: Round }[];
}

/**
 * Measures a route of the API beside the bare Fastify hello-world, both servers up side by side,
 * in alternating rounds so a busy moment on the machine lands on both. Every figure is the median
 * of the rounds, with the lowest and highest round as its spread.
 */
async function compareWithBare(
  appScript: string,
  path: string,
  {
    rounds,
    seconds,
    connections,
    barePath = '/',
  }: { rounds: number; seconds: number; connections: number; barePath?: string },
): Promise<Comparison> {
  const bare = await startServer('bench/servers/bare.ts');
  const app = await startServer(appScript);
  try {
    const cookies = /COOKIES (\S+)/.exec(app.output)?.[1]?.split(',');
    const bareUrl = `http://127.0.0.1:${bare.port}${barePath}`;
    const appUrl = `http://127.0.0.1:${app.port}${path}`;
    // Warm-up: JIT, connection handling and pools settle before anything counts.
    await measureRound(bareUrl, 2, bare.child, { connections });
    await measureRound(appUrl, 2, app.child, { connections, cookies });
    const results: Comparison['rounds'] = [];
    for (let round = 0; round < rounds; round++) {
      results.push({
        bare: await measureRound(bareUrl, seconds, bare.child, { connections }),
        app: await measureRound(appUrl, seconds, app.child, { connections, cookies }),
      });
    }
    const figures = (side: 'bare' | 'app'): ServerFigures => ({
      rps: figureOf(results.map((r) => r[side].rps)),
      cpuUs: figureOf(results.map((r) => r[side].cpuUs)),
    });
    return {
      bare: figures('bare'),
      app: figures('app'),
      rpsRatio: figureOf(results.map((r) => r.app.rps / r.bare.rps)),
      cpuRatio: figureOf(results.map((r) => r.app.cpuUs / r.bare.cpuUs)),
      connections,
      rounds: results,
    };
  } finally {
    await stop(bare.child);
    await stop(app.child);
  }
}

/**
 * GET /subscription_details.json (no database) with the production logging, beside bare Fastify
 * answering the same bytes.
 */
export function benchThroughput(rounds = 11, seconds = 2): Promise<Comparison> {
  return compareWithBare('bench/servers/app.ts', '/subscription_details.json', {
    rounds,
    seconds,
    connections: 16,
    barePath: '/subscription_details.json',
  });
}

/**
 * A signed-in read (GET /api/auth/: session and user) on PostgreSQL with the production logging,
 * 50 connections, each a different user, beside bare Fastify.
 */
export function benchSignedInRead(rounds = 11, seconds = 2): Promise<Comparison> {
  return compareWithBare('bench/servers/signed-in.ts', '/api/auth/', { rounds, seconds, connections: 50 });
}
