import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { type Figure, figureOf, serverCpuMicros, startServer, stop } from './lib.ts';
import type { RecordedAnswer } from './servers/bare.ts';

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

/** Headers Node and Fastify write on every answer themselves, bare Fastify included. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** The API's answer at this path, as one of the bench's clients gets it. */
function recordAnswer(url: string, cookie: string | undefined): Promise<RecordedAnswer> {
  return new Promise((resolve, reject) => {
    get(url, { headers: cookie ? { cookie } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const headers: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(response.headers))
          if (value !== undefined && !OWN_HEADERS.has(name)) headers[name] = value;
        resolve({
          path: new URL(url).pathname,
          status: response.statusCode ?? 0,
          headers,
          body: Buffer.concat(chunks).toString('base64'),
        });
      });
    }).on('error', reject);
  });
}

/**
 * Measures a route of the API beside bare Fastify answering the same request with the same bytes
 * (status, headers and body, recorded from the API first), both servers up side by side, in
 * alternating rounds so a busy moment on the machine lands on both. Every figure is the median of
 * the rounds, with the lowest and highest round as its spread.
 */
async function compareWithBare(
  appScript: string,
  path: string,
  { rounds, seconds, connections }: { rounds: number; seconds: number; connections: number },
): Promise<Comparison> {
  const app = await startServer(appScript);
  const cookies = /COOKIES (\S+)/.exec(app.output)?.[1]?.split(',');
  const appUrl = `http://127.0.0.1:${app.port}${path}`;
  let bare: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const answer = await recordAnswer(appUrl, cookies?.[0]);
    bare = await startServer('bench/servers/bare.ts', { BARE_ANSWER: JSON.stringify(answer) });
    const bareUrl = `http://127.0.0.1:${bare.port}${path}`;
    // Warm-up: JIT, connection handling and pools settle before anything counts.
    await measureRound(bareUrl, 2, bare.child, { connections, cookies });
    await measureRound(appUrl, 2, app.child, { connections, cookies });
    const results: Comparison['rounds'] = [];
    for (let round = 0; round < rounds; round++) {
      results.push({
        bare: await measureRound(bareUrl, seconds, bare.child, { connections, cookies }),
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
    if (bare) await stop(bare.child);
    await stop(app.child);
  }
}

/** GET /subscription_details.json (no database) with the production logging, beside bare Fastify. */
export function benchThroughput(rounds = 11, seconds = 2): Promise<Comparison> {
  return compareWithBare('bench/servers/app.ts', '/subscription_details.json', {
    rounds,
    seconds,
    connections: 16,
  });
}

/**
 * A signed-in read (GET /api/auth/: session and user) on PostgreSQL with the production logging,
 * 50 connections, each a different user, beside bare Fastify sending the same cookies and
 * answering with one user's answer.
 */
export function benchSignedInRead(rounds = 11, seconds = 2): Promise<Comparison> {
  return compareWithBare('bench/servers/signed-in.ts', '/api/auth/', { rounds, seconds, connections: 50 });
}
