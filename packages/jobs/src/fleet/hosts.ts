import {
  type Database,
  type FleetHostConfig,
  listFleetHosts,
  markFleetHostDown,
  markFleetHostUp,
  recordFleetHostEvent,
  registerFleetHosts,
} from '@app/db';
import { type JobFamily, type ProviderName, type RoutingTable, probeHost, publicHost } from '@app/generation';

/** One backend host serving one family, as a worker uses it. */
export interface FleetHost {
  family: JobFamily;
  provider: Exclude<ProviderName, 'local'>;
  /** The address the provider calls, credentials included. */
  url: string;
  /** The address without credentials: the host's name in the database and on health pages. */
  host: string;
  slots: number;
  /** The host's part of its slot locks' key. */
  lockKey: number;
}

/** The hosts of every family that a remote provider serves; `local` families have none. */
export function hostsOf(table: RoutingTable): Omit<FleetHost, 'lockKey'>[] {
  return (Object.entries(table) as [JobFamily, RoutingTable[JobFamily]][]).flatMap(([family, route]) =>
    route.provider === 'local'
      ? []
      : route.urls.map((url) => ({
          family,
          provider: route.provider as Exclude<ProviderName, 'local'>,
          url,
          host: publicHost(url),
          slots: route.slots[url] ?? 1,
        })),
  );
}

/** Records the configured hosts in the database (one row per address, its families together). */
export async function registerHosts(database: Database, table: RoutingTable): Promise<FleetHost[]> {
  const hosts = hostsOf(table);
  const configs = new Map<string, FleetHostConfig>();
  for (const entry of hosts) {
    const config = configs.get(entry.host) ?? {
      host: entry.host,
      provider: entry.provider,
      families: [],
      slots: entry.slots,
    };
    config.families.push(entry.family);
    config.slots = Math.max(config.slots, entry.slots);
    configs.set(entry.host, config);
  }
  const rows = await registerFleetHosts(database.db, [...configs.values()]);
  const keys = new Map(rows.map((row) => [row.host, row.lockKey]));
  return hosts.map((entry) => ({ ...entry, lockKey: keys.get(entry.host)! }));
}

export interface HostHealthOptions {
  database: Database;
  hosts: readonly FleetHost[];
  /** How often hosts are asked whether they answer (those out of rotation, and those in it). */
  probeSeconds: number;
  /** How often this process reads the shared state others wrote. */
  refreshMs?: number;
  /** Called when a host comes back, so waiting dispatchers look again at once. */
  onUp?: (host: string) => void;
  /**
   * Called when a host leaves rotation as this process sees it (its own fault or probe, or the
   * shared state another process wrote), so jobs still waiting on that host's answer move on.
   */
  onDown?: (host: string) => void;
  probe?: (host: FleetHost) => Promise<boolean>;
  now?: () => number;
  /** Called on each fault this process sees (a failed attempt or probe), for the metrics. */
  onFault?: (host: string) => void;
}

/** Probes in a row a host in rotation may miss before it is taken out. */
export const PROBE_MISSES = 2;

/** The longest a host that keeps failing its jobs waits between two probes. */
export const MAX_PROBE_BACKOFF_MS = 5 * 60_000;

/**
 * Which hosts are in rotation, shared by every process through the database: a worker that sees a
 * host fail takes it out at once for everyone; every worker probes the hosts in the background and
 * the first to get an answer puts a host back. Hosts in rotation are probed too, so one that stops
 * answering (a hung process that still accepts connections) leaves rotation after `PROBE_MISSES`
 * probes in a row, before a job finds out.
 * A host can answer its cheap readiness call and still fail every job (garbage from its generation
 * calls): each job fault it has, without a finished job between them, doubles its wait before the
 * next probe, up to `MAX_PROBE_BACKOFF_MS`, so it gets ever fewer jobs until it works again.
 */
export class HostHealth {
  private readonly down = new Set<string>();
  /** Job faults of each host since its last finished job. */
  private readonly relapses = new Map<string, number>();
  /** When a host out of rotation may be probed again. */
  private readonly nextProbe = new Map<string, number>();
  /** Probes in a row that a host in rotation did not answer. */
  private readonly misses = new Map<string, number>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly now: () => number;
  private probing = false;
  private stopped = false;

  constructor(private readonly options: HostHealthOptions) {
    this.now = options.now ?? Date.now;
  }

  private get probeMs(): number {
    return Math.max(200, this.options.probeSeconds * 1000);
  }

  /** Asks every host once (one that does not answer is out from the start), then keeps probing and reading the shared state. */
  async start(): Promise<void> {
    await this.probeAll(1);
    await this.refresh();
    this.timers.push(setInterval(() => void this.probeAll(), this.probeMs));
    this.timers.push(setInterval(() => void this.refresh(), this.options.refreshMs ?? 1_000));
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
  }

  isUp(host: string): boolean {
    return !this.down.has(host);
  }

  /**
   * The shared state says the host is out of rotation (another process took it out a moment ago,
   * as a dispatch claim found): out here too, before this process's next read of that state.
   */
  noteDown(host: string): void {
    this.setDown(host);
  }

  private setDown(host: string): void {
    if (this.down.has(host)) return;
    this.down.add(host);
    this.options.onDown?.(host);
  }

  /**
   * A job found the host at fault: out of rotation at once, here and, through the database, in
   * every other process; probed again after a wait that doubles with each such fault.
   */
  async markDown(host: string, error: string): Promise<void> {
    const relapses = (this.relapses.get(host) ?? 0) + 1;
    this.relapses.set(host, relapses);
    const wait = Math.min(Math.max(MAX_PROBE_BACKOFF_MS, this.probeMs), this.probeMs * 2 ** (relapses - 1));
    this.nextProbe.set(host, this.now() + wait);
    await this.takeOut(host, error);
  }

  /** The host finished a job: its next fault is judged afresh. */
  noteSuccess(host: string): void {
    this.relapses.delete(host);
  }

  private async takeOut(host: string, error: string): Promise<void> {
    this.setDown(host);
    this.misses.delete(host);
    this.options.onFault?.(host);
    await markFleetHostDown(this.options.database.db, host, error).catch(() => {});
    await recordFleetHostEvent(this.options.database.db, { host, kind: 'fault', error }).catch(() => {});
  }

  private async refresh(): Promise<void> {
    if (this.stopped) return;
    const rows = await listFleetHosts(this.options.database.db).catch(() => null);
    if (!rows) return;
    const known = new Set(this.options.hosts.map((entry) => entry.host));
    for (const row of rows) {
      if (!known.has(row.host)) continue;
      if (row.status === 'down') this.setDown(row.host);
      else if (this.down.delete(row.host)) this.options.onUp?.(row.host);
    }
  }

  /**
   * Probes every host: one in rotation that does not answer soundly is taken out; one out of
   * rotation whose wait is over and that answers is put back.
   */
  private async probeAll(allowedMisses = PROBE_MISSES): Promise<void> {
    if (this.probing || this.stopped) return;
    this.probing = true;
    try {
      const unique = [...new Map(this.options.hosts.map((entry) => [entry.host, entry])).values()];
      const due = unique.filter(
        (entry) => !this.down.has(entry.host) || this.now() >= (this.nextProbe.get(entry.host) ?? 0),
      );
      await Promise.all(
        due.map(async (entry) => {
          const probe = this.options.probe ?? ((h: FleetHost) => probeHost(h.provider, h.url));
          const ok = await probe(entry).catch(() => false);
          if (this.stopped) return;
          if (!ok) {
            if (this.down.has(entry.host)) return;
            // One late answer may be this process's own busy moment; two in a row are the host's.
            const misses = (this.misses.get(entry.host) ?? 0) + 1;
            this.misses.set(entry.host, misses);
            if (misses >= allowedMisses) await this.takeOut(entry.host, 'The host did not answer.');
            return;
          }
          this.misses.delete(entry.host);
          if (!this.down.has(entry.host)) return;
          const wasDown = await markFleetHostUp(this.options.database.db, entry.host).catch(() => false);
          if (wasDown)
            await recordFleetHostEvent(this.options.database.db, { host: entry.host, kind: 'up' }).catch(
              () => {},
            );
          if (this.down.delete(entry.host)) this.options.onUp?.(entry.host);
        }),
      );
    } finally {
      this.probing = false;
    }
  }
}
