import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { type Figure, figureOf, median, serverCpuMicros, startServer, stop, withServerCore } from './lib.ts';
import type { RecordedAnswer } from './servers/bare.ts';

interface Round {
  rps: number;
  /** The server's CPU time per request in microseconds, over the measured window. */
  cpuUs: number;
}

/** A server the bench measures: its URL, its process, and the cookies its clients send. */
interface Measured {
  url: string;
  child: ChildProcess;
  cookies: string[] | undefined;
}

async function measureRound(
  { url, child: server, cookies }: Measured,
  seconds: number,
  connections: number,
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
  /** Each process's median over the cycles; the figure's median is over the processes. */
  bare: ServerFigures;
  app: ServerFigures;
  /** The app's requests/s over bare Fastify's, cycle by cycle (each the medians over the processes). */
  rpsRatio: Figure;
  /** The app's CPU per request over bare Fastify's, likewise: the steadier figure. */
  cpuRatio: Figure;
  connections: number;
  /** How many processes of each ran side by side. */
  processes: number;
  /** Each cycle's round of each process, the app's processes and bare Fastify's. */
  cycles: { app: Round[]; bare: Round[] }[];
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
 * (status, headers and body, recorded from the API first).
 *
 * Two things move a server's CPU per request on a shared machine, each by a fifth or more. The
 * machine itself speeds up and slows down from one second to the next (its neighbours): rounds of
 * the two servers taken back to back, short and many, see much the same machine. And each Node
 * process settles, early in its life, into a faster or a slower state for the rest of it (how V8's
 * inline caches for the event loop's own calls turned out, say), which no number of rounds of the
 * same process averages out. So several processes of each run side by side (each server pinned to
 * one core, the load generator kept to the others), each API process paired with a bare one. Each
 * cycle gives every pair two short rounds back to back, which of the two goes first alternating by
 * cycle; a cycle's ratio is the median over the pairs of the API's round over its partner's, and
 * the ratio reported is the median over the cycles, with the lowest and the highest cycle as its
 * spread. Each server's own figures are the median over its processes of each one's median.
 */
async function compareWithBare(appScript: string, path: string, options: Measurement): Promise<Comparison> {
  return withServerCore((core) => compareOnCore(core, appScript, path, options));
}

interface Measurement {
  processes: number;
  cycles: number;
  seconds: number;
  connections: number;
}

async function compareOnCore(
  core: number | undefined,
  appScript: string,
  path: string,
  { processes, cycles, seconds, connections }: Measurement,
): Promise<Comparison> {
  const started: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    const apps: Measured[] = [];
    for (let instance = 0; instance < processes; instance++) {
      const app = await startServer(appScript, { BENCH_INSTANCE: String(instance) }, { core });
      started.push(app);
      const cookies = /COOKIES (\S+)/.exec(app.output)?.[1]?.split(',');
      apps.push({ url: `http://127.0.0.1:${app.port}${path}`, child: app.child, cookies });
    }
    const answer = await recordAnswer(apps[0]!.url, apps[0]!.cookies?.[0]);
    const bares: Measured[] = [];
    for (let instance = 0; instance < processes; instance++) {
      const bare = await startServer(
        'bench/servers/bare.ts',
        { BARE_ANSWER: JSON.stringify(answer) },
        { core },
      );
      started.push(bare);
      // Bare Fastify gets the same cookies, and answers them all with the one recorded answer.
      bares.push({
        url: `http://127.0.0.1:${bare.port}${path}`,
        child: bare.child,
        cookies: apps[instance]!.cookies,
      });
    }
    // Warm-up: JIT, connection handling and pools settle before anything counts.
    for (const server of [...apps, ...bares]) await measureRound(server, 2, connections);
    const measured: Comparison['cycles'] = [];
    for (let cycle = 0; cycle < cycles; cycle++) {
      const app: Round[] = [];
      const bare: Round[] = [];
      // Each app process and its bare partner back to back, which goes first alternating by cycle.
      for (let index = 0; index < processes; index++) {
        if (cycle % 2 === 0) app.push(await measureRound(apps[index]!, seconds, connections));
        bare.push(await measureRound(bares[index]!, seconds, connections));
        if (cycle % 2 === 1) app.push(await measureRound(apps[index]!, seconds, connections));
      }
      measured.push({ app, bare });
    }
    const perProcess = (side: 'app' | 'bare', read: (round: Round) => number) =>
      figureOf(
        Array.from({ length: processes }, (_, index) =>
          median(measured.map((cycle) => read(cycle[side][index]!))),
        ),
      );
    /** Each cycle's median of the ratios of the rounds taken back to back. */
    const cycleRatio = (read: (round: Round) => number) =>
      figureOf(
        measured.map((cycle) =>
          median(cycle.app.map((round, index) => read(round) / read(cycle.bare[index]!))),
        ),
      );
    return {
      app: { rps: perProcess('app', (round) => round.rps), cpuUs: perProcess('app', (round) => round.cpuUs) },
      bare: {
        rps: perProcess('bare', (round) => round.rps),
        cpuUs: perProcess('bare', (round) => round.cpuUs),
      },
      rpsRatio: cycleRatio((round) => round.rps),
      cpuRatio: cycleRatio((round) => round.cpuUs),
      connections,
      processes,
      cycles: measured,
    };
  } finally {
    for (const server of started) await stop(server.child);
  }
}

/**
 * How both routes are measured: three pairs of processes, twelve cycles of 1 s rounds. Rounds much
 * shorter than a second weigh what each round starts with (new connections, a session cache gone
 * cold while the process waited its turn) more than the work it measures.
 */
const MEASUREMENT = { processes: 3, cycles: 12, seconds: 1 };

/** GET /subscription_details.json (no database) with the production logging, beside bare Fastify. */
export function benchThroughput(): Promise<Comparison> {
  return compareWithBare('bench/servers/app.ts', '/subscription_details.json', {
    ...MEASUREMENT,
    connections: 16,
  });
}

/**
 * A signed-in read (GET /api/auth/: session and user) on PostgreSQL with the production logging,
 * 50 connections, each a different user, beside bare Fastify sending the same cookies and
 * answering with one user's answer.
 */
export function benchSignedInRead(): Promise<Comparison> {
  return compareWithBare('bench/servers/signed-in.ts', '/api/auth/', { ...MEASUREMENT, connections: 50 });
}
