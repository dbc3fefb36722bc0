import { sign } from 'node:crypto';
import autocannon from 'autocannon';
import { median, startServer, stop } from './lib.ts';

export interface InteractionsResult {
  bare: { rps: number; p99Ms: number };
  ping: { rps: number; p99Ms: number };
  help: { rps: number; p99Ms: number };
  connections: number;
}

/** One signed interaction request, as Discord sends it (Ed25519 over timestamp + body). */
function signed(privateKeyPem: string, interaction: Record<string, unknown>) {
  const body = JSON.stringify(interaction);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign(null, Buffer.from(timestamp + body), privateKeyPem).toString('hex');
  return {
    method: 'POST' as const,
    path: '/api/discord/interactions',
    body,
    headers: {
      'content-type': 'application/json',
      'x-signature-ed25519': signature,
      'x-signature-timestamp': timestamp,
    },
  };
}

async function measure(
  url: string,
  seconds: number,
  connections: number,
  requests?: ReturnType<typeof signed>[],
): Promise<{ rps: number; p99Ms: number }> {
  const result = await autocannon({ url, connections, duration: seconds, requests });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99Ms: result.latency.p99 };
}

/**
 * Signed interactions answered per second and their p99 latency (Discord allows 3 s), beside the
 * bare Fastify hello-world: PING (signature check and answer) and /help (signature, the account
 * found by Discord id, the answer built from the registry), on PostgreSQL, in alternating rounds.
 */
export async function benchInteractions(
  rounds = 3,
  seconds = 3,
  connections = 16,
): Promise<InteractionsResult> {
  const bare = await startServer('bench/servers/bare.ts');
  const app = await startServer('bench/servers/discord.ts');
  try {
    const key = Buffer.from(/KEY (\S+)/.exec(app.output)![1]!, 'base64').toString();
    const base = { application_id: '100000000000000900', token: 'bench', version: 1 };
    const ping = [signed(key, { ...base, id: '1', type: 1 })];
    const help = [
      signed(key, {
        ...base,
        id: '1200000000000000000',
        type: 2,
        channel_id: '100000000000000200',
        member: { user: { id: '100000000000000001', username: 'bench' } },
        data: { id: '1', name: 'help', type: 1 },
      }),
    ];
    const bareUrl = `http://127.0.0.1:${bare.port}/`;
    const appUrl = `http://127.0.0.1:${app.port}`;
    await measure(bareUrl, 1, connections);
    await measure(appUrl, 1, connections, help);
    const results: InteractionsResult[] = [];
    for (let round = 0; round < rounds; round++) {
      results.push({
        bare: await measure(bareUrl, seconds, connections),
        ping: await measure(appUrl, seconds, connections, ping),
        help: await measure(appUrl, seconds, connections, help),
        connections,
      });
    }
    const pick = (key: 'bare' | 'ping' | 'help') => ({
      rps: median(results.map((r) => r[key].rps)),
      p99Ms: median(results.map((r) => r[key].p99Ms)),
    });
    return { bare: pick('bare'), ping: pick('ping'), help: pick('help'), connections };
  } finally {
    await stop(bare.child);
    await stop(app.child);
  }
}
