import { answers, isRecord } from './providers/shared/http.ts';
import type { ProviderName, RoutingTable } from './routing.ts';
import type { JobFamily } from './types.ts';

export interface BackendHostHealth {
  provider: Exclude<ProviderName, 'local'>;
  families: JobFamily[];
  /** The host's address without user name or password, safe to show anyone. */
  host: string;
  status: 'up' | 'down';
}

/**
 * The cheap call each backend answers when it is ready for work, and what a sound answer holds;
 * the same one the host pools ask. A host that answers it with a body we cannot read is not ready.
 */
const PROBE: Record<Exclude<ProviderName, 'local'>, { path: string; accept: (body: unknown) => boolean }> = {
  a1111: {
    path: '/sdapi/v1/progress?skip_current_image=true',
    accept: (body) => isRecord(body) && typeof body.progress === 'number',
  },
  comfyui: { path: '/system_stats', accept: (body) => isRecord(body) && isRecord(body.system) },
};

/** True when the host answers its provider's cheap readiness call, soundly, within `timeoutMs`. */
export function probeHost(
  provider: Exclude<ProviderName, 'local'>,
  url: string,
  timeoutMs = 2_000,
): Promise<boolean> {
  const probe = PROBE[provider];
  return answers(`${url}${probe.path}`, timeoutMs, probe.accept);
}

/** Without credentials: an `--api-auth` user and password must never reach a health page. */
export function publicHost(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.href.replace(/\/+$/, '');
}

/** Asks every configured backend host, once each, whether it answers; `local` has no host. */
export async function checkBackendHosts(
  table: RoutingTable,
  timeoutMs = 2_000,
): Promise<BackendHostHealth[]> {
  const hosts = new Map<
    string,
    { provider: Exclude<ProviderName, 'local'>; url: string; families: JobFamily[] }
  >();
  for (const [family, route] of Object.entries(table) as [JobFamily, RoutingTable[JobFamily]][]) {
    if (route.provider === 'local') continue;
    for (const url of route.urls) {
      const key = `${route.provider} ${url}`;
      const entry = hosts.get(key) ?? { provider: route.provider, url, families: [] };
      entry.families.push(family);
      hosts.set(key, entry);
    }
  }
  return Promise.all(
    [...hosts.values()].map(async ({ provider, url, families }) => ({
      provider,
      families,
      host: publicHost(url),
      status: (await probeHost(provider, url, timeoutMs)) ? ('up' as const) : ('down' as const),
    })),
  );
}

/**
 * `checkBackendHosts` behind a short memory: the health route is public, so each call must not
 * become a probe of every GPU host. Calls within `maxAgeMs` of the last probe share its answer,
 * and calls that arrive while a probe runs wait for that probe instead of starting another.
 */
export function createBackendHealth(
  table: RoutingTable,
  { maxAgeMs = 10_000, now = Date.now }: { maxAgeMs?: number; now?: () => number } = {},
): () => Promise<BackendHostHealth[]> {
  let last: { at: number; result: Promise<BackendHostHealth[]> } | undefined;
  return () => {
    if (last && now() - last.at < maxAgeMs) return last.result;
    const result = checkBackendHosts(table);
    last = { at: now(), result };
    return result;
  };
}
