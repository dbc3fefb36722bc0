import {
  type Database,
  type FleetHostConfig,
  listFleetHosts,
  markFleetHostDown,
  markFleetHostUp,
  recordFleetHostEvent,
  registerFleetHosts,
} from '@app/db';
import { type Family, type ProviderName, type RoutingTable, probeHost, publicHost } from '@app/generation';

/** One backend host serving one family, as a worker uses it. */
export interface FleetHost {
  family: Family;
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
  return (Object.entries(table) as [Family, RoutingTable[Family]][]).flatMap(([family, route]) =>
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
  /** How often hosts that are down are asked again. */
  probeSeconds: number;
  /** How often this process reads the shared state others wrote. */
  refreshMs?: number;
  /** Called when a host comes back, so waiting dispatchers look again at once. */
  onUp?: (host: string) => void;
  probe?: (host: FleetHost) => Promise<boolean>;
  /** Called on each fault this process sees (a failed attempt or probe), for the metrics. */
  onFault?: (host: string) => void;
}

/**
 * Which hosts are in rotation, shared by every process through the database: a worker that sees a
 * host fail takes it out at once for everyone; every worker probes the hosts that are down in the
 * background and the first to get an answer puts the host back.
 */
export class HostHealth {
  private readonly down = new Set<string>();
  private readonly timers: NodeJS.Timeout[] = [];
  private probing = false;
  private stopped = false;

  constructor(private readonly options: HostHealthOptions) {}

  /** Asks every host once, then keeps probing and reading the shared state. */
  async start(): Promise<void> {
    await this.probeAll(true);
    await this.refresh();
    const probeMs = Math.max(200, this.options.probeSeconds * 1000);
    this.timers.push(setInterval(() => void this.probeAll(false), probeMs));
    this.timers.push(setInterval(() => void this.refresh(), this.options.refreshMs ?? 1_000));
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
  }

  isUp(host: string): boolean {
    return !this.down.has(host);
  }

  /** Out of rotation at once, here and, through the database, in every other process. */
  async markDown(host: string, error: string): Promise<void> {
    this.down.add(host);
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
      if (row.status === 'down') this.down.add(row.host);
      else if (this.down.delete(row.host)) this.options.onUp?.(row.host);
    }
  }

  /** Probes the hosts that are down (all of them when `all`), putting back those that answer. */
  private async probeAll(all: boolean): Promise<void> {
    if (this.probing || this.stopped) return;
    this.probing = true;
    try {
      const unique = [...new Map(this.options.hosts.map((entry) => [entry.host, entry])).values()];
      await Promise.all(
        unique
          .filter((entry) => all || this.down.has(entry.host))
          .map(async (entry) => {
            const probe = this.options.probe ?? ((h: FleetHost) => probeHost(h.provider, h.url));
            const ok = await probe(entry).catch(() => false);
            if (this.stopped) return;
            if (!ok) {
              if (!this.down.has(entry.host)) await this.markDown(entry.host, 'The host did not answer.');
              return;
            }
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
