// What the fleet bench's processes share: the fleet's shape and the generation settings over it.
import { type RoutingTable, parseGenerationBackends } from '@app/generation';
import { defaultGenerationSettings } from '@app/jobs';

/** The stand-in hosts, and the time each takes per job in each scenario (1 s, and a distilled model's 0.25 s). */
export const FLEET = { hosts: 4, jobMs: [1000, 250] as const };

export type Dispatcher = 'fifo' | 'fleet';

/** The settings the worker and the submissions use, with every image job routed to `urls`. */
export function fleetSettings(urls: string[]) {
  const backends = (parseGenerationBackends(`image=a1111:${urls.join('|')}`) as { table: RoutingTable })
    .table;
  return defaultGenerationSettings({
    backends,
    maxActiveJobsPerUser: 1000,
    probeSeconds: 0.5,
    superviseSeconds: 2,
  });
}

/** Outputs kept in memory: the bench measures dispatch, not a disk. */
export const memoryStorage = () => {
  const objects = new Map<string, { bytes: Buffer; mime: string }>();
  return {
    put: async (key: string, bytes: Buffer, mime: string) => void objects.set(key, { bytes, mime }),
    get: async (key: string) => objects.get(key) ?? null,
    delete: async (key: string) => void objects.delete(key),
    publicUrl: () => null,
  };
};
