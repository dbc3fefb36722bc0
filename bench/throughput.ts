import autocannon from 'autocannon';
import { startServer, stop } from './lib.ts';

async function measure(
  url: string,
  seconds: number,
  { connections = 16, cookies }: { connections?: number; cookies?: string[] } = {},
): Promise<number> {
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
  return result.requests.average;
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
  connections: number;
  rounds: { bare: number; signedIn: number }[];
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
    await measure(appUrl, 1, { connections, cookies });
    const results: { bare: number; signedIn: number }[] = [];
    for (let round = 0; round < rounds; round++) {
      results.push({
        bare: await measure(bareUrl, seconds, { connections }),
        signedIn: await measure(appUrl, seconds, { connections, cookies }),
      });
    }
    const bareRps = median(results.map((r) => r.bare));
    const signedInRps = median(results.map((r) => r.signedIn));
    return { bareRps, signedInRps, ratio: signedInRps / bareRps, connections, rounds: results };
  } finally {
    await stop(bare.child);
    await stop(app.child);
  }
}
