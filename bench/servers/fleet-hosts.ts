// The fleet bench's stand-in GPU hosts, in a process of their own as GPU hosts are machines of
// their own: the dispatcher under test shares no event loop with them. Driven over IPC by
// bench/fleet.ts: `kill` and `revive` one host, `report` the hosts' logs and busy samples, `stop`.
import { type A1111StandIn, startA1111StandIn } from '@app/generation/stand-ins/a1111';

export type HostsCommand =
  { type: 'kill'; index: number } | { type: 'revive'; index: number } | { type: 'report' } | { type: 'stop' };

export type HostsMessage =
  | { type: 'ready'; urls: string[] }
  | { type: 'killed' | 'revived'; index: number }
  | {
      type: 'report';
      histories: { start: number; end: number; prompt: string }[][];
      samples: { t: number; busy: number; alive: number }[];
      downtimes: { from: number; to: number }[];
    };

const count = Number(process.env.FLEET_HOSTS);
const jobMs = Number(process.env.FLEET_JOB_MS);
const send = (message: HostsMessage) => process.send!(message);

async function startHost(port?: number): Promise<A1111StandIn> {
  const host = await startA1111StandIn(port === undefined ? {} : { port });
  host.serial = true;
  host.generationMs = jobMs;
  host.reuseImages = true;
  return host;
}

const hosts: A1111StandIn[] = [];
for (let i = 0; i < count; i++) hosts.push(await startHost());
/** What each host finished, kept across a kill: the work it was in the middle of reached no one. */
const earlier: { start: number; end: number; prompt: string }[][] = hosts.map(() => []);
const down = new Set<number>();
const downtimes: { from: number; to: number }[] = [];

// Which hosts are generating, every 10 ms: the utilization figure's raw data.
const samples: { t: number; busy: number; alive: number }[] = [];
const sampler = setInterval(() => {
  const alive = hosts.filter((_, i) => !down.has(i));
  samples.push({ t: Date.now(), busy: alive.filter((h) => h.active > 0).length, alive: alive.length });
}, 10);

process.on('message', (command: HostsCommand) => {
  void (async () => {
    switch (command.type) {
      case 'kill': {
        const host = hosts[command.index]!;
        earlier[command.index]!.push(...host.history);
        down.add(command.index);
        downtimes.push({ from: Date.now(), to: Infinity });
        await host.close();
        send({ type: 'killed', index: command.index });
        return;
      }
      case 'revive': {
        const port = Number(new URL(hosts[command.index]!.url).port);
        hosts[command.index] = await startHost(port);
        down.delete(command.index);
        downtimes.at(-1)!.to = Date.now();
        send({ type: 'revived', index: command.index });
        return;
      }
      case 'report':
        send({
          type: 'report',
          histories: hosts.map((host, i) => [...earlier[i]!, ...host.history]),
          samples,
          downtimes,
        });
        return;
      case 'stop':
        clearInterval(sampler);
        for (const [i, host] of hosts.entries()) if (!down.has(i)) await host.close();
        process.exit(0);
    }
  })();
});

send({ type: 'ready', urls: hosts.map((host) => host.url) });
